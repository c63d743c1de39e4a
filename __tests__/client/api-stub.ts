/** One answer of the stubbed API: a response, or a function of the request. */
type Answer = Response | ((request: Request) => Response | Promise<Response>);

export interface SentRequest {
  method: string;
  path: string;
  /** The whole URL, with the query string. */
  url: string;
  headers: Headers;
  body: string;
}

/** JSON with a status, as the server answers. */
export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** An empty answer (204 by default). */
export function empty(status = 204): Response {
  return new Response(null, { status });
}

/**
 * Stubs `fetch`, the edge of our API: answers by `"METHOD /path"` (the path as the app
 * sends it, without the query), each answer fresh per call; anything else answers 404.
 * Every request is recorded.
 *
 * @example
 * const api = stubApi({ 'GET /api/user': () => json(user) });
 * expect(api.sent('PUT /api/user')).toHaveLength(1);
 */
export function stubApi(routes: Record<string, Answer>) {
  const requests: SentRequest[] = [];
  jest.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    const { pathname } = new URL(request.url);
    const key = `${request.method} ${pathname}`;
    requests.push({
      method: request.method,
      path: pathname,
      url: request.url,
      headers: request.headers,
      body: await request.clone().text(),
    });
    const answer = routes[key];
    if (!answer) return json({ message: `No stub for ${key}` }, 404);
    return typeof answer === 'function' ? answer(request) : answer.clone();
  });
  return {
    requests,
    /** The requests sent to `"METHOD /path"`. */
    sent: (key: string) => requests.filter(({ method, path }) => `${method} ${path}` === key),
  };
}
