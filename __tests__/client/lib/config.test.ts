import { getConfig, loadConfig, setConfig } from '../../../src/lib/config';

const config = {
  apiBase: '/api',
  auth: { domain: 'http://localhost:3000', clientId: 'spa', audience: 'http://localhost:3000/api' },
};

beforeEach(() => setConfig(undefined));
afterEach(() => jest.restoreAllMocks());

describe('runtime config', () => {
  it('loads /config.json once and shares it', async () => {
    const fetchMock = jest.spyOn(globalThis, 'fetch').mockResolvedValue(Response.json(config));
    await expect(Promise.all([loadConfig(), loadConfig()])).resolves.toEqual([config, config]);
    await loadConfig();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/config.json');
    expect(getConfig()).toEqual(config);
  });

  it('fails clearly, and tries again on the next call', async () => {
    jest
      .spyOn(globalThis, 'fetch')
      .mockResolvedValueOnce(new Response('Not found', { status: 404 }))
      .mockResolvedValueOnce(Response.json(config));
    await expect(loadConfig()).rejects.toThrow('/config.json answered 404');
    expect(() => getConfig()).toThrow(/not loaded/);
    await expect(loadConfig()).resolves.toEqual(config);
  });

  it('rejects a file without the expected shape', async () => {
    jest.spyOn(globalThis, 'fetch').mockResolvedValue(Response.json({ apiBase: '/api' }));
    await expect(loadConfig()).rejects.toThrow(/does not hold/);
  });
});
