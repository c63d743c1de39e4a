import {
  baseApi,
  fetchApiFile,
  fileNameFrom,
  setForbiddenHandler,
  setTokenGetter,
  setUnauthorizedHandler,
  setWorkspaceId,
  type ApiArgs,
} from '../../../../src/lib/api';
import { makeStore } from '../../../../src/app/store';

/** A probe endpoint, injected the way features inject theirs. */
const probeApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    probe: build.mutation<unknown, ApiArgs>({ query: (args) => args }),
  }),
});

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

interface SentRequest {
  url: string;
  method: string;
  headers: Headers;
  body: string;
}

/** The network edge: every request the app sends ends here, recorded as it left. */
function stubFetch(...answers: Array<Response | Error>) {
  const requests: SentRequest[] = [];
  const fetchMock = jest.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const request = input as Request;
    requests.push({
      url: request.url,
      method: request.method,
      headers: request.headers,
      body: await request.clone().text(),
    });
    const answer = answers[requests.length - 1];
    if (!answer) throw new Error(`Unexpected request ${request.method} ${request.url}`);
    if (answer instanceof Error) throw answer;
    return answer;
  });
  const sent = (index = 0): SentRequest => {
    const request = requests[index];
    if (!request) throw new Error(`No request #${index} was sent`);
    return request;
  };
  return { fetchMock, sent };
}

async function call(args: ApiArgs) {
  const store = makeStore();
  return store.dispatch(probeApi.endpoints.probe.initiate(args));
}

afterEach(() => jest.restoreAllMocks());

describe('kyBaseQuery', () => {
  it('answers the data under the API base, leaving out empty query values', async () => {
    const { sent } = stubFetch(json({ boards: [] }));
    const result = await call({
      url: '/leaderboard',
      params: { athletesPerLeaderboard: 5, isDistinct: false, distance: null, laneId: undefined },
    });
    expect(result).toEqual({ data: { boards: [] } });
    expect(sent().url).toBe(
      'http://localhost/api/leaderboard?athletesPerLeaderboard=5&isDistinct=false',
    );
    expect(sent().method).toBe('GET');
  });

  it('sends a body as JSON', async () => {
    const { sent } = stubFetch(json({}, 200));
    await call({ url: '/user', method: 'PUT', body: { firstName: 'Ada' } });
    expect(sent().method).toBe('PUT');
    expect(sent().headers.get('content-type')).toBe('application/json');
    expect(JSON.parse(sent().body)).toEqual({ firstName: 'Ada' });
  });

  it('sends a string as is under the given content type', async () => {
    const { sent } = stubFetch(json({ rowCount: 1 }));
    await call({
      url: '/athlete/import',
      method: 'POST',
      params: { dryRun: true },
      body: 'firstName,lastName\nAda,Okafor\n',
      contentType: 'text/csv',
    });
    expect(sent().url).toBe('http://localhost/api/athlete/import?dryRun=true');
    expect(sent().headers.get('content-type')).toBe('text/csv');
    expect(sent().body).toBe('firstName,lastName\nAda,Okafor\n');
  });

  it('flattens a 400 errors object into one list, in order', async () => {
    stubFetch(
      json(
        {
          errors: {
            firstName: ['is required'],
            email: ['is not an e-mail address', 'is taken'],
            lastName: ['is too long'],
          },
        },
        400,
      ),
    );
    const result = await call({ url: '/user', method: 'PUT', body: {} });
    expect(result).toEqual({
      error: {
        status: 400,
        data: {
          messages: ['is required', 'is not an e-mail address', 'is taken', 'is too long'],
          fields: {
            firstName: ['is required'],
            email: ['is not an e-mail address', 'is taken'],
            lastName: ['is too long'],
          },
        },
      },
    });
  });

  it('passes a 400 without an errors object through unchanged', async () => {
    stubFetch(json({ message: 'Bad request' }, 400));
    expect(await call('/user')).toEqual({
      error: { status: 400, data: { message: 'Bad request' } },
    });
  });

  it('passes a 500 through with the data the server sent', async () => {
    stubFetch(
      json(
        { statusCode: 500, error: 'Internal Server Error', message: 'Something went wrong' },
        500,
      ),
    );
    expect(await call('/user')).toEqual({
      error: {
        status: 500,
        data: { statusCode: 500, error: 'Internal Server Error', message: 'Something went wrong' },
      },
    });
  });

  it('reports a network failure as FETCH_ERROR', async () => {
    stubFetch(new TypeError('Failed to fetch'));
    expect(await call('/user')).toEqual({
      error: { status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' },
    });
  });

  it('adds the bearer token when one is available', async () => {
    setTokenGetter(async () => 'token-123');
    const { sent } = stubFetch(json({ id: 1 }));
    await call('/user');
    expect(sent().headers.get('authorization')).toBe('Bearer token-123');
  });

  it('sends no Authorization header when signed out', async () => {
    setTokenGetter(async () => undefined);
    const { sent } = stubFetch(json({ id: 1 }));
    await call('/user');
    expect(sent().headers.has('authorization')).toBe(false);
  });

  it('on a 401 forces one token refresh and retries once', async () => {
    const getter = jest.fn(async ({ forceRefresh }: { forceRefresh: boolean }) =>
      forceRefresh ? 'fresh' : 'stale',
    );
    setTokenGetter(getter);
    const { fetchMock, sent } = stubFetch(json({ message: 'expired' }, 401), json({ id: 1 }));
    expect(await call('/user')).toEqual({ data: { id: 1 } });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(sent(1).headers.get('authorization')).toBe('Bearer fresh');
  });

  it('sends a read shed with 503 and Retry-After again after the wait', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    try {
      const shed = () =>
        new Response(JSON.stringify({ message: 'Busy' }), {
          status: 503,
          headers: { 'Content-Type': 'application/json', 'Retry-After': '1' },
        });
      const { fetchMock } = stubFetch(shed(), shed(), json({ id: 1 }));
      const answer = call('/user');
      await jest.advanceTimersByTimeAsync(999);
      expect(fetchMock).toHaveBeenCalledTimes(1);
      // The wait, then the request (in a task of its own, as every request is).
      await jest.advanceTimersByTimeAsync(1000);
      expect(fetchMock).toHaveBeenCalledTimes(2);
      await jest.advanceTimersByTimeAsync(1000);
      expect(await answer).toEqual({ data: { id: 1 } });
      expect(fetchMock).toHaveBeenCalledTimes(3);
    } finally {
      jest.useRealTimers();
    }
  });

  it('gives up on a shed read after two more tries', async () => {
    const busy = () => {
      const response = json({ message: 'Busy' }, 503);
      response.headers.set('Retry-After', '0');
      return response;
    };
    const { fetchMock } = stubFetch(busy(), busy(), busy());
    expect(await call('/user')).toEqual({ error: { status: 503, data: { message: 'Busy' } } });
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('never repeats a write answered 503', async () => {
    const busy = json({ message: 'Busy' }, 503);
    busy.headers.set('Retry-After', '0');
    const { fetchMock } = stubFetch(busy);
    expect(await call({ url: '/athlete', method: 'POST', body: {} })).toEqual({
      error: { status: 503, data: { message: 'Busy' } },
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('passes a second 401 through and tells the session owner', async () => {
    const onUnauthorized = jest.fn();
    setUnauthorizedHandler(onUnauthorized);
    setTokenGetter(async ({ forceRefresh }) => (forceRefresh ? 'fresh' : 'stale'));
    stubFetch(json({ message: 'no' }, 401), json({ message: 'still no' }, 401));
    expect(await call('/user')).toEqual({ error: { status: 401, data: { message: 'still no' } } });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it("names this tab's workspace on every call; a call may name its own", async () => {
    const { sent } = stubFetch(json({}), json({}), json({}));
    await call('/user');
    expect(sent(0).headers.has('x-splitline-workspace')).toBe(false);
    setWorkspaceId('0b3c5d7e-0000-4000-8000-00000000b0b0');
    await call('/athlete');
    expect(sent(1).headers.get('x-splitline-workspace')).toBe(
      '0b3c5d7e-0000-4000-8000-00000000b0b0',
    );
    await call({ url: '/event', method: 'POST', body: {}, workspaceId: 'queued-in' });
    expect(sent(2).headers.get('x-splitline-workspace')).toBe('queued-in');
  });

  it('tells the workspace owner of a refused signed-in call, so the membership is read again', async () => {
    const store = makeStore(); // its workspace saga registers a handler: this one replaces it
    const onForbidden = jest.fn();
    setForbiddenHandler(onForbidden);
    setTokenGetter(async () => 'token');
    stubFetch(json({ message: 'Your role in this workspace (viewer) does not allow this' }, 403));
    const answer = await store.dispatch(
      probeApi.endpoints.probe.initiate({ url: '/athlete', method: 'POST', body: {} }),
    );
    expect(answer).toMatchObject({ error: { status: 403 } });
    expect(onForbidden).toHaveBeenCalledTimes(1);
    setForbiddenHandler(null);
  });
});

describe('fetchApiFile', () => {
  it('answers the file as a Blob with its name, sent with the bearer token', async () => {
    setTokenGetter(async () => 'token-123');
    const { sent } = stubFetch(
      new Response('firstName,lastName\n', {
        headers: {
          'Content-Type': 'text/csv; charset=utf-8',
          'Content-Disposition': 'attachment; filename="athletes-2026-03-14.csv"',
        },
      }),
    );
    const result = await fetchApiFile({
      url: '/athlete/export',
      params: { rosterId: 3, lastNameQuery: undefined },
      accept: 'text/csv',
    });
    if (!('data' in result)) throw new Error('expected a file');
    expect(await result.data.blob.text()).toBe('firstName,lastName\n');
    expect(result.data.fileName).toBe('athletes-2026-03-14.csv');
    expect(sent().url).toBe('http://localhost/api/athlete/export?rosterId=3');
    expect(sent().headers.get('authorization')).toBe('Bearer token-123');
    expect(sent().headers.get('accept')).toBe('text/csv');
  });

  it('answers a failure the way the base query does', async () => {
    stubFetch(json({ errors: { rosterId: ['No such roster.'] } }, 400));
    expect(await fetchApiFile({ url: '/athlete/export' })).toEqual({
      error: {
        status: 400,
        data: { messages: ['No such roster.'], fields: { rosterId: ['No such roster.'] } },
      },
    });
  });

  it('reads plain and encoded file names', () => {
    expect(fileNameFrom('attachment; filename=a.csv')).toBe('a.csv');
    expect(fileNameFrom("attachment; filename*=UTF-8''r%C3%A9sum%C3%A9.csv")).toBe('résumé.csv');
    expect(fileNameFrom(null)).toBeNull();
  });
});
