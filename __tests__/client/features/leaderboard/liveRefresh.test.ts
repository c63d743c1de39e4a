import { createLiveRefresh } from '../../../../src/features/leaderboard/liveRefresh';

/** A load that ends when the test says so. */
function controlledLoads() {
  const ends: (() => void)[] = [];
  const load = jest.fn(() => new Promise<void>((resolve) => ends.push(resolve)));
  const finish = async () => {
    ends.shift()!();
    await Promise.resolve();
    await Promise.resolve();
  };
  return { load, finish };
}

describe('createLiveRefresh', () => {
  let clock = 0;
  const now = () => clock;
  const advance = async (ms: number) => {
    clock += ms;
    await jest.advanceTimersByTimeAsync(ms);
  };

  beforeEach(() => {
    jest.useFakeTimers();
    clock = 10_000;
  });
  afterEach(() => jest.useRealTimers());

  it('loads at once after a quiet spell', () => {
    const { load } = controlledLoads();
    createLiveRefresh(load, 1000, now).notify();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('never runs two loads at once, and loads once more for notices during a load', async () => {
    const { load, finish } = controlledLoads();
    const refresh = createLiveRefresh(load, 1000, now);
    refresh.notify();
    refresh.notify();
    refresh.notify();
    expect(load).toHaveBeenCalledTimes(1);
    await advance(1200); // the load takes longer than the interval
    expect(load).toHaveBeenCalledTimes(1);
    await finish();
    expect(load).toHaveBeenCalledTimes(2); // one more for the three notices, not three
    await finish();
    await advance(5000);
    expect(load).toHaveBeenCalledTimes(2); // nothing new was notified
  });

  it('starts loads at most once per interval however many notices arrive', async () => {
    const load = jest.fn().mockResolvedValue(undefined);
    const refresh = createLiveRefresh(load, 1000, now);
    const started: number[] = [];
    load.mockImplementation(async () => void started.push(clock - 10_000));
    for (let ms = 0; ms < 3000; ms += 100) {
      refresh.notify();
      await advance(100);
    }
    // 30 notices over 3 s (quick loads): a load at 0, 1000 and 2000 ms, and one for the
    // notices after the last start.
    await advance(1000);
    expect(started).toEqual([0, 1000, 2000, 3000]);
  });

  it('goes on after a failed load, and stops when asked', async () => {
    const load = jest.fn().mockRejectedValueOnce(new Error('503')).mockResolvedValue(undefined);
    const refresh = createLiveRefresh(load, 1000, now);
    refresh.notify();
    await advance(0);
    refresh.notify();
    await advance(1000);
    expect(load).toHaveBeenCalledTimes(2);
    refresh.notify();
    refresh.stop();
    await advance(5000);
    expect(load).toHaveBeenCalledTimes(2);
  });
});
