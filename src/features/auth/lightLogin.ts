import { loadConfig } from '../../lib/config';
import { paths } from '../../lib/paths';
import { describeAuthError } from './identity';

/**
 * The light /login (docs/decisions/027-light-login.md): on a first visit to /login
 * signed out, the boot script (src/boot.ts) shows the sign-in card from index.html's
 * `<template id="light-login">` instead of starting the React app, and loads the
 * identity SDK only when a button is pressed. Inside the running app, /login stays the
 * React page (src/features/auth/LoginPage.tsx): sign-out and the sign-in guard navigate
 * there without reloading.
 */

/**
 * The SDK's "a session may exist" hint, set on the app's origin when it gets tokens and
 * removed by its logout: `auth0.<clientId>.is.authenticated`, its `_legacy_` twin (the
 * SDK's default cookie storage writes both) and the older `auth0.is.authenticated`
 * (node_modules/@auth0/auth0-spa-js, `buildIsAuthenticatedCookieName`). Without it the
 * SDK's `checkSession` does not even ask the provider: the app would show the sign-in
 * card. Any client id counts: the boot script does not know ours before /config.json.
 */
const sessionHint = /(?:^|;\s*)(?:_legacy_)?auth0\.(?:[^=;]+\.)?is\.authenticated=/;

/**
 * Whether this page load can be answered by the light sign-in card: /login, not the
 * provider's way back (`code`, `state` or `error` in the query: the app completes or
 * reports it), and no session hint (the app would go on to the dashboard).
 *
 * @example
 * isLightLogin(new URL('https://app.example/login'), ''); // true
 * isLightLogin(new URL('https://app.example/login?code=1&state=2'), ''); // false
 */
export function isLightLogin(url: URL, cookies: string): boolean {
  if (url.pathname !== paths.login.path) return false;
  if (['code', 'state', 'error'].some((name) => url.searchParams.has(name))) return false;
  return !sessionHint.test(cookies);
}

/**
 * Where the user wanted to go, when this /login was reached inside the app and then
 * reloaded: react-router keeps the guard's state (`{ returnTo }`, RequireSignIn.tsx) in
 * `history.state.usr`, and the React page would pass it on.
 */
export function wantedReturnTo(historyState: unknown): string | undefined {
  const returnTo = (historyState as { usr?: { returnTo?: unknown } } | null)?.usr?.returnTo;
  return typeof returnTo === 'string' && returnTo.startsWith('/') ? returnTo : undefined;
}

/** The provider's own "forgot password" page (as LoginPage's link). */
export function forgotPasswordUrl(domain: string): string {
  return `${domain.replace(/\/+$/, '')}/u/forgot-password`;
}

type ScreenHint = 'signup' | undefined;

/**
 * Shows the card in `root` and wires its buttons: each loads the sign-in module (a small
 * chunk, then the SDK and the config) and goes to the provider, the button busy
 * meanwhile; a failure shows in the card and the buttons work again.
 *
 * @example
 * showLightLogin(document, document.getElementById('root')!);
 */
export function showLightLogin(doc: Document, root: HTMLElement): void {
  const template = doc.getElementById('light-login');
  if (!(template instanceof HTMLTemplateElement))
    throw new Error('index.html has no <template id="light-login">');
  root.replaceChildren(template.content.cloneNode(true));
  doc.title = `${paths.login.label} · Splitline`;

  const alert = root.querySelector<HTMLElement>('[data-login-error]')!;
  const forgot = root.querySelector<HTMLAnchorElement>('[data-forgot-password]')!;
  const buttons = [...root.querySelectorAll<HTMLButtonElement>('button[data-screen-hint]')];

  // The provider's address is in /config.json; until it arrives the link points at the
  // embedded provider's page on this origin, which is where it is unless configured.
  loadConfig().then(
    (config) => (forgot.href = forgotPasswordUrl(config.auth.domain)),
    () => undefined, // a button press loads it again and reports the failure
  );

  const setBusy = (pressed: HTMLButtonElement | null) => {
    for (const button of buttons) {
      button.disabled = pressed !== null;
      // "true", not an empty value: ARIA reads an empty aria-busy as false.
      if (button === pressed) button.setAttribute('aria-busy', 'true');
      else button.removeAttribute('aria-busy');
    }
  };
  // Back from the provider's page with the browser's back button, the page may come
  // from the back-forward cache as it was left: busy.
  doc.defaultView?.addEventListener('pageshow', (event) => {
    if (event.persisted) setBusy(null);
  });

  for (const button of buttons) {
    button.addEventListener('click', () => {
      const screenHint = (button.dataset.screenHint || undefined) as ScreenHint;
      alert.hidden = true;
      setBusy(button);
      import(/* webpackChunkName: "sign-in" */ './lightSignIn')
        .then(({ goToProvider }) =>
          goToProvider({ screenHint, returnTo: wantedReturnTo(doc.defaultView?.history.state) }),
        )
        .catch((error: unknown) => {
          alert.textContent = `Sign-in is unavailable: ${describeAuthError(error)}`;
          alert.hidden = false;
          setBusy(null);
        });
    });
  }
}
