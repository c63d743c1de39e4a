import type { FastifyBaseLogger, FastifyRequest } from 'fastify';

export const UNTRUSTED_PROXY_WARNING =
  'sign-in requests arrive through a proxy (X-Forwarded-For) but TRUST_PROXY is unset: ' +
  'the sign-in limits count every client as the proxy. Set TRUST_PROXY=1 behind one proxy ' +
  '(docs/operations.md, "Several processes behind a proxy")';

/**
 * Behind a reverse proxy without TRUST_PROXY, every client has the proxy's address: the
 * sign-in throttles (decision 018) then count everybody as one network, and 30 failing
 * addresses from anyone make every user wait. The sign-in pages' hook says so in the log,
 * once per process, when such a request carries X-Forwarded-For (decision 040).
 * @example pages.addHook('onRequest', untrustedProxyWarning(app.config.trustProxy, log));
 */
export function untrustedProxyWarning(
  trustProxy: boolean | number | string,
  log: Pick<FastifyBaseLogger, 'warn'>,
): (request: FastifyRequest) => Promise<void> {
  let warned = trustProxy !== false;
  return async (request) => {
    if (warned || request.headers['x-forwarded-for'] === undefined) return;
    warned = true;
    log.warn({ proxy: request.ip }, UNTRUSTED_PROXY_WARNING);
  };
}
