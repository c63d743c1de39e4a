/**
 * Leaving the app for a page elsewhere (Stripe's checkout): a full navigation, not the
 * router's. An object of its own so that component tests can watch it (jsdom cannot
 * navigate, and its `location.assign` cannot be replaced).
 */
export const externalNavigation = {
  go(url: string): void {
    window.location.assign(url);
  },
};
