import { yieldToMain } from '../../../src/lib/yieldToMain';

/** Chromium's scheduler where there is one, else a macrotask. */
describe('yieldToMain', () => {
  const global = globalThis as { scheduler?: unknown };
  const saved = global.scheduler;
  afterEach(() => {
    global.scheduler = saved;
    jest.useRealTimers();
  });

  it("goes on through the browser's scheduler.yield", async () => {
    const yieldNow = jest.fn(() => Promise.resolve());
    global.scheduler = { yield: yieldNow };
    await yieldToMain();
    expect(yieldNow).toHaveBeenCalledTimes(1);
  });

  it('goes on after a macrotask without a scheduler', async () => {
    delete global.scheduler;
    jest.useFakeTimers();
    let done = false;
    void yieldToMain().then(() => {
      done = true;
    });
    await Promise.resolve();
    expect(done).toBe(false);
    await jest.advanceTimersByTimeAsync(0);
    expect(done).toBe(true);
  });
});
