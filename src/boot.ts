/**
 * The only script index.html loads (webpack's entry): a few KiB, no React, no antd. A
 * first visit to /login signed out gets the light sign-in card (no app at all: what the
 * React page would show there, at a fraction of the bytes; docs/decisions/
 * 027-light-login.md). Every other address starts the session check at once (it waits
 * on the network: config, SDK, provider) and imports the app (src/index.tsx), whose
 * chunks the server's preload header has already asked for (docs/first-load.md).
 */
import { startSessionCheck } from './features/auth/authClient';
import { isLightLogin, showLightLogin } from './features/auth/lightLogin';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

const url = new URL(window.location.href);
if (isLightLogin(url, document.cookie)) {
  showLightLogin(document, root);
} else {
  startSessionCheck(url);
  import(/* webpackChunkName: "app" */ './index').catch(() => {
    // The app's own error screens are in the chunks that did not arrive (offline, a
    // release replaced them): say so in the splash's place.
    const splash = root.querySelector('.boot-splash') ?? root;
    splash.textContent = 'Splitline could not be loaded. Reload the page.';
  });
}
