import { lazy, useState, type ComponentType } from 'react';

/** A component loaded on first use, which can also be loaded ahead (`preload`). */
export interface LazyComponent<Props extends object> {
  (props: Props): React.JSX.Element;
  preload(): Promise<unknown>;
  /** Whether its chunk has arrived (it then renders without suspending). */
  isLoaded(): boolean;
}

/**
 * A component in its own chunk (the pages, src/app/lazyPages.tsx; the filter bars' date
 * picker). Unlike a bare `React.lazy`, a component whose chunk is already loaded renders
 * at once: it does not suspend, so no fallback is committed and React's Suspense reveal
 * throttle (up to 300 ms after a fallback shows) is not paid. `preload` starts loading
 * early (src/app/preload.ts: the page of the address at boot, the dashboard on the way
 * back from sign-in).
 */
export function lazyComponent<Props extends object>(
  load: () => Promise<{ default: ComponentType<Props> }>,
): LazyComponent<Props> {
  let loaded: ComponentType<Props> | undefined;
  let loading: Promise<{ default: ComponentType<Props> }> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (module) => {
        loaded = module.default;
        return module;
      },
      (error: unknown) => {
        loading = undefined; // a later visit tries again
        throw error;
      },
    ));
  const Suspending = lazy(preload);
  function Lazy(props: Props) {
    // Chosen once per mount: switching later would remount it and lose its state.
    const [Component] = useState<ComponentType<Props>>(() => loaded ?? Suspending);
    return <Component {...props} />;
  }
  Lazy.preload = preload;
  Lazy.isLoaded = () => loaded !== undefined;
  return Lazy;
}
