import { setTokenGetter } from '../../../src/lib/api';
import { followResults, type StreamStatus } from '../../../src/lib/api/resultStream';

/** A streamed answer whose frames the test pushes one by one. */
function sseResponse() {
  let push!: (text: string) => void;
  let close!: () => void;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      const encoder = new TextEncoder();
      push = (text) => controller.enqueue(encoder.encode(text));
      close = () => controller.close();
    },
  });
  const response = new Response(body, {
    status: 200,
    headers: { 'Content-Type': 'text/event-stream' },
  });
  return { response, push: (text: string) => push(text), close: () => close() };
}

const until = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i += 1) await new Promise((r) => setTimeout(r, 5));
  expect(check()).toBe(true);
};

describe('followResults', () => {
  const tokens: boolean[] = [];
  beforeEach(() => {
    tokens.length = 0;
    setTokenGetter(async ({ forceRefresh }) => {
      tokens.push(forceRefresh);
      return `token-${tokens.length}`;
    });
  });
  afterEach(() => setTokenGetter(null));

  it('reads results and resyncs from frames that arrive in pieces, with the bearer token', async () => {
    const stream = sseResponse();
    const fetch = jest.fn().mockResolvedValueOnce(stream.response);
    const stop = new AbortController();
    const results: number[][] = [];
    let resyncs = 0;
    const statuses: StreamStatus[] = [];
    const done = followResults(
      {
        onResults: (body) => results.push(body.eventTypeIds),
        onResync: () => (resyncs += 1),
        onStatus: (status) => statuses.push(status),
      },
      { signal: stop.signal, fetch, retryDelays: [1] },
    );
    await until(() => statuses.includes('live'));
    stream.push(': ping\n\nevent: res');
    stream.push('ults\ndata: {"count":2,"eventTypeIds":[1,4],"resultIds":[7,8]}\n\n');
    stream.push('event: resync\ndata: {}\n\n');
    await until(() => results.length === 1 && resyncs === 1);
    expect(results).toEqual([[1, 4]]);
    const [url, init] = fetch.mock.calls[0] as [string, RequestInit];
    expect(url).toMatch(/\/api\/event\/stream$/);
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer token-1');
    stop.abort();
    stream.close();
    await done;
  });

  it('opens again after a drop, with a resync, and with a fresh token after `expired`', async () => {
    const first = sseResponse();
    const second = sseResponse();
    const third = sseResponse();
    const fetch = jest
      .fn()
      .mockResolvedValueOnce(first.response)
      .mockResolvedValueOnce(second.response)
      .mockResolvedValueOnce(third.response);
    const stop = new AbortController();
    let resyncs = 0;
    const done = followResults(
      { onResults: () => undefined, onResync: () => (resyncs += 1) },
      { signal: stop.signal, fetch, retryDelays: [1] },
    );
    await until(() => fetch.mock.calls.length === 1);
    first.close(); // the server went away
    await until(() => fetch.mock.calls.length === 2 && resyncs === 1);
    second.push('event: expired\ndata: {}\n\n');
    second.close();
    await until(() => fetch.mock.calls.length === 3 && resyncs === 2);
    expect(tokens).toEqual([false, false, true]);
    stop.abort();
    third.close();
    await done;
  });

  it('waits longer after each failure in a row, and stops when aborted', async () => {
    const fetch = jest.fn().mockResolvedValue(new Response('down', { status: 503 }));
    const stop = new AbortController();
    const statuses: StreamStatus[] = [];
    const done = followResults(
      { onResults: () => undefined, onResync: () => undefined, onStatus: (s) => statuses.push(s) },
      { signal: stop.signal, fetch, retryDelays: [1, 1, 60_000] },
    );
    await until(() => fetch.mock.calls.length === 3);
    await new Promise((r) => setTimeout(r, 30));
    expect(fetch).toHaveBeenCalledTimes(3); // the third wait is a minute
    expect(statuses.at(-1)).toBe('offline');
    stop.abort();
    await done;
  });
});
