import type { IdentityRead } from '../../lib/session';

/**
 * Who was signed in on this browser, remembered so that a reload made offline keeps the
 * coach signed in (issue 35, docs/offline.md). No token is kept: the SDK's tokens stay in
 * memory (IDENTITY.md). Offline nothing is sent, so none is needed; when the network
 * returns the SDK gets a new one from the provider's session, or the provider says the
 * session is over and the app signs out (the queued results stay on the device).
 * Forgotten at sign-out; not used after MAX_OFFLINE_MS from the last online sign-in.
 */
const KEY = 'splitline.offlineSession';
export const MAX_OFFLINE_MS = 14 * 24 * 3600_000;

interface Remembered extends IdentityRead {
  at: number;
}

export function rememberSession(read: IdentityRead, now = Date.now()): void {
  try {
    localStorage.setItem(KEY, JSON.stringify({ ...read, at: now } satisfies Remembered));
  } catch {
    // Storage full or refused: only an offline reload is lost.
  }
}

export function forgetSession(): void {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // nothing kept
  }
}

export function rememberedSession(now = Date.now()): IdentityRead | null {
  try {
    const saved = JSON.parse(localStorage.getItem(KEY) ?? 'null') as Remembered | null;
    if (!saved?.identity?.sub || now - saved.at > MAX_OFFLINE_MS) return null;
    return { identity: saved.identity, expiresAt: saved.expiresAt };
  } catch {
    return null;
  }
}

/** The browser knows it has no network. */
export const browserOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

/**
 * True when the identity provider cannot be reached now: the browser is offline, or its
 * discovery document does not answer (the server is down: refused, 502/503/504), within
 * 3 s.
 */
export async function providerUnreachable(domain: string): Promise<boolean> {
  if (browserOffline()) return true;
  try {
    const answer = await fetch(`${domain.replace(/\/+$/, '')}/.well-known/openid-configuration`, {
      cache: 'no-store',
      signal: AbortSignal.timeout(3000),
    });
    return answer.status >= 502 && answer.status <= 504;
  } catch {
    return true;
  }
}
