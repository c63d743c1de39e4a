import type { Middleware, UnknownAction } from '@reduxjs/toolkit';
import { baseApi, TAG_TYPES } from './baseApi';

/**
 * Keeps the app's open tabs in step with each other: when a write succeeds in one tab (a
 * roster made, an athlete edited, a result corrected), the other tabs of the same browser
 * refetch what they show at once, instead of when the coach next focuses them (RTK
 * Query's refetch on focus) or never (a second window side by side). Over a
 * `BroadcastChannel` of the origin: nothing leaves the browser, and a tab never hears
 * its own messages.
 *
 * The message names no data: every tag type is invalidated, and RTK Query refetches only
 * the queries a tab has on screen (the others are marked stale). A tab that shows
 * results also hears of new ones from the server (`resultStream.ts`).
 */

/** The part of `BroadcastChannel` used here (tests link two fakes). */
export interface TabChannel {
  postMessage(message: unknown): void;
  onmessage: ((event: MessageEvent) => void) | null;
}

export const TAB_CHANNEL_NAME = 'splitline-api';

/** The message a tab posts after one of its writes succeeded. */
export interface TabMessage {
  type: 'splitline/wrote';
}

const isWrote = (data: unknown): data is TabMessage =>
  typeof data === 'object' && data !== null && (data as TabMessage).type === 'splitline/wrote';

/** A mutation of the app's api answered 2xx. */
const isMutationDone = (action: UnknownAction): boolean =>
  action.type === `${baseApi.reducerPath}/executeMutation/fulfilled`;

/** The browser's channel, where the browser has one. */
export function openTabChannel(): TabChannel | undefined {
  return typeof BroadcastChannel === 'undefined'
    ? undefined
    : new BroadcastChannel(TAB_CHANNEL_NAME);
}

/**
 * The store middleware: posts after each successful mutation, and makes the messages of
 * the other tabs invalidate this tab's cache.
 *
 * @example
 * configureStore({ ..., middleware: (m) => m().concat(baseApi.middleware, tabSync(openTabChannel())) })
 */
export function tabSync(channel: TabChannel | undefined): Middleware {
  return (api) => {
    if (channel) {
      channel.onmessage = (event) => {
        if (isWrote(event.data)) {
          api.dispatch(baseApi.util.invalidateTags([...TAG_TYPES]));
        }
      };
    }
    return (next) => (action) => {
      const result = next(action);
      if (channel && isMutationDone(action as UnknownAction)) {
        const message: TabMessage = { type: 'splitline/wrote' };
        channel.postMessage(message);
      }
      return result;
    };
  };
}
