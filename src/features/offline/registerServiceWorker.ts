import { Workbox } from 'workbox-window';

/**
 * Registers the service worker (src/sw/sw.ts) and, when a new version has installed
 * while this one runs, offers "A new version is ready" with a Reload button. Nothing
 * reloads by itself: a coach in the middle of entering a session decides when. Drawn
 * with plain DOM, so that this chunk needs nothing of the app's UI.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator) || !window.isSecureContext) return;
  const workbox = new Workbox('/sw.js', { scope: '/' });
  let reloadAsked = false;
  workbox.addEventListener('waiting', () =>
    showUpdatePrompt(() => {
      reloadAsked = true;
      workbox.messageSkipWaiting();
    }),
  );
  // Only the tab whose coach pressed Reload reloads; other tabs keep running.
  workbox.addEventListener('controlling', () => {
    if (reloadAsked) window.location.reload();
  });
  void workbox.register().catch(() => undefined);
}

function showUpdatePrompt(onReload: () => void): void {
  if (document.getElementById('sw-update')) return;
  const box = document.createElement('div');
  box.id = 'sw-update';
  box.setAttribute('role', 'status');
  box.style.cssText =
    'position:fixed;z-index:2000;left:50%;bottom:16px;transform:translateX(-50%);' +
    'display:flex;gap:12px;align-items:center;padding:10px 16px;border-radius:8px;' +
    'background:#141414;color:#fff;font:14px/1.5 system-ui,sans-serif;' +
    'box-shadow:0 6px 16px rgba(0,0,0,.2);max-width:calc(100vw - 32px)';
  const text = document.createElement('span');
  text.textContent = 'A new version of Splitline is ready.';
  const reload = document.createElement('button');
  reload.type = 'button';
  reload.textContent = 'Reload';
  reload.style.cssText =
    'border:0;border-radius:6px;padding:4px 12px;background:#1F4FFF;color:#fff;cursor:pointer;font:inherit';
  reload.addEventListener('click', onReload);
  const later = document.createElement('button');
  later.type = 'button';
  later.textContent = 'Later';
  later.style.cssText = 'border:0;background:transparent;color:#bfbfbf;cursor:pointer;font:inherit';
  later.addEventListener('click', () => box.remove());
  box.append(text, reload, later);
  document.body.append(box);
}
