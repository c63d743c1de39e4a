import { makeStore } from '../../../src/app/store';
import { whenSessionKnown } from '../../../src/app/whenSessionKnown';
import { signedOut } from '../../../src/lib/session';

/** The app's first render waits for the session check's answer, or a few seconds. */
describe('whenSessionKnown', () => {
  afterEach(() => jest.useRealTimers());

  it('waits while the session is unknown, and resolves when the check answers', async () => {
    const store = makeStore();
    let resolved = false;
    const known = whenSessionKnown(store, 3000).then(() => {
      resolved = true;
    });
    await Promise.resolve();
    expect(resolved).toBe(false);
    store.dispatch(signedOut());
    await known;
    expect(resolved).toBe(true);
  });

  it('resolves at once when the session is already known', async () => {
    const store = makeStore();
    store.dispatch(signedOut());
    const subscribe = jest.spyOn(store, 'subscribe');
    await whenSessionKnown(store, 3000);
    expect(subscribe).not.toHaveBeenCalled();
  });

  it('stops waiting after the longest wait, and stops listening', async () => {
    jest.useFakeTimers();
    const store = makeStore();
    const unsubscribe = jest.fn();
    jest.spyOn(store, 'subscribe').mockReturnValue(unsubscribe);
    let resolved = false;
    void whenSessionKnown(store, 3000).then(() => {
      resolved = true;
    });
    await jest.advanceTimersByTimeAsync(2999);
    expect(resolved).toBe(false);
    await jest.advanceTimersByTimeAsync(1);
    expect(resolved).toBe(true);
    expect(unsubscribe).toHaveBeenCalled();
  });
});
