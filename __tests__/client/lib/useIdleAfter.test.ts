import { act, renderHook } from '@testing-library/react';
import { useIdleAfter } from '../../../src/lib/useIdleAfter';

describe('useIdleAfter', () => {
  const idle: { callback: () => void; timeout?: number }[] = [];
  beforeEach(() => {
    idle.length = 0;
    window.requestIdleCallback = (callback, options) =>
      idle.push({ callback: () => callback({} as IdleDeadline), timeout: options?.timeout });
    window.cancelIdleCallback = jest.fn();
  });
  afterEach(() => {
    delete (window as Partial<Window>).requestIdleCallback;
    delete (window as Partial<Window>).cancelIdleCallback;
  });

  it('waits for ready, then for the browser to be idle, and stays true', () => {
    const { result, rerender } = renderHook(({ ready }) => useIdleAfter(ready), {
      initialProps: { ready: false },
    });
    expect(result.current).toBe(false);
    expect(idle).toHaveLength(0);

    rerender({ ready: true });
    expect(result.current).toBe(false);
    expect(idle).toHaveLength(1);
    expect(idle[0]!.timeout).toBe(2000);
    act(() => idle[0]!.callback());
    expect(result.current).toBe(true);

    rerender({ ready: false });
    expect(result.current).toBe(true);
  });

  it('forgets the idle callback when unmounted first', () => {
    const { rerender, unmount } = renderHook(({ ready }) => useIdleAfter(ready), {
      initialProps: { ready: true },
    });
    rerender({ ready: true });
    unmount();
    expect(window.cancelIdleCallback).toHaveBeenCalledTimes(1);
  });
});
