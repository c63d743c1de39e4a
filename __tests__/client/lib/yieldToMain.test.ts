import { yieldToMain, yieldToWaiting } from '../../../src/lib/yieldToMain';

/** The start-up's yields: Chromium's scheduler where there is one, else a macrotask. */
describe('yieldToMain and yieldToWaiting', () => {
  const global = globalThis as { scheduler?: unknown };
  const saved = global.scheduler;
  afterEach(() => {
    global.scheduler = saved;
    jest.useRealTimers();
  });

  it("yieldToWaiting goes on in a background task of the browser's scheduler", async () => {
    const postTask = jest.fn((callback: () => void) => Promise.resolve(callback()));
    const yieldNow = jest.fn(() => Promise.resolve());
    global.scheduler = { postTask, yield: yieldNow };
    await yieldToWaiting();
    expect(postTask).toHaveBeenCalledWith(expect.any(Function), { priority: 'background' });
    await yieldToMain();
    expect(yieldNow).toHaveBeenCalledTimes(1);
    expect(postTask).toHaveBeenCalledTimes(1);
  });

  it('both go on after a macrotask without a scheduler', async () => {
    delete global.scheduler;
    jest.useFakeTimers();
    for (const yieldFn of [yieldToMain, yieldToWaiting]) {
      let done = false;
      void yieldFn().then(() => {
        done = true;
      });
      await Promise.resolve();
      expect(done).toBe(false);
      await jest.advanceTimersByTimeAsync(0);
      expect(done).toBe(true);
    }
  });
});
