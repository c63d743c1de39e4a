/**
 * The only script index.html loads (webpack's entry): a few KiB, no React, no antd. A
 * first visit to /login signed out gets the light sign-in card (no app at all: what the
 * React page would show there, at a fraction of the bytes; docs/decisions/
 * 027-light-login.md); every other address, the provider's way back and a possible
 * session start the app (src/index.tsx), in chunks webpack loads side by side, and the
 * session check at once (`startSessionCheck`).
 */
import { startSessionCheck } from './features/auth/authClient';
import { isLightLogin, showLightLogin } from './features/auth/lightLogin';
import { browserTimeZone } from './lib/timeZone';
import { yieldToWaiting } from './lib/yieldToMain';

/**
 * The app's evaluation, in steps of the `app` chunk group (each import evaluates only the
 * modules it names that no step before it did). The first evaluates nothing: the last
 * chunk to arrive ran its file and then, in the same task, whatever import was waiting for
 * the group (~25 ms of antd's modules unthrottled).
 */
const appStartSteps = [
  () => import(/* webpackChunkName: "app" */ './app/appLoaded'),
  () => import(/* webpackChunkName: "app" */ './app/uiTheme'),
  () => import(/* webpackChunkName: "app" */ './app/uiLibraries'),
  () => import(/* webpackChunkName: "app" */ './app/stateLibraries'),
  () => import(/* webpackChunkName: "app" */ './app/store'),
  () => import(/* webpackChunkName: "app" */ './index'),
];

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

if (isLightLogin(new URL(window.location.href), document.cookie)) {
  showLightLogin(document, root);
} else {
  // The session check first: it waits on the network (config, SDK, provider), and can
  // do so while the app's chunks arrive.
  startSessionCheck(new URL(window.location.href));
  // The browser's time zone, which every list query sends, while the main thread only
  // waits for the network: without Temporal it is a DateTimeFormat, whose first one
  // loads the locale's data (~90 ms on a phone's CPU), which was paid inside the
  // dashboard's first render.
  setTimeout(browserTimeZone, 0);
  // React's DOM renderer is evaluated as soon as its chunk arrives, in a task of its own,
  // rather than in the app's, which waits for all its chunks and evaluates them at once
  // (~0.5 s on a phone's CPU, docs/first-load.md). Both are asked for now: the chunk is
  // one file, fetched once.
  import('react-dom/client').catch(() => undefined); // the app's import reports a failure
  // The app's chunks are one group (`app`): the first import loads all of them, and each
  // step evaluates a part, with a yield between, so that the browser can paint, answer
  // input and run the session check's steps between short tasks rather than wait for one
  // (~0.3 s on a phone's CPU; Lighthouse's blocking time counts each task's time past
  // 50 ms: docs/first-load.md, "Preloaded chunks, evaluated in steps").
  const loadApp = async () => {
    for (const step of appStartSteps) {
      await step();
      await yieldToWaiting();
    }
  };
  loadApp().catch(() => {
    // The app's own error screens are in the chunks that did not arrive (offline, a
    // release replaced them): say so in the splash's place.
    const splash = root.querySelector('.boot-splash') ?? root;
    splash.textContent = 'Splitline could not be loaded. Reload the page.';
  });
}
