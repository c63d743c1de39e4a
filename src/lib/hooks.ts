import type { Action, Dispatch } from '@reduxjs/toolkit';
import { useDispatch, useSelector } from 'react-redux';

/**
 * The app store's types, filled in by src/app/store.ts through declaration merging, so
 * that the typed hooks live below the features: a feature imports them from lib/ and
 * never reaches up into app/ (which imports every feature).
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merged by src/app/store.ts
export interface AppStoreTypes {}

type Registered<Key extends string, Fallback> =
  AppStoreTypes extends Record<Key, infer Type> ? Type : Fallback;

/** The root state, as src/app/store.ts declares it. */
export type AppRootState = Registered<'state', Record<string, unknown>>;
/** The store's dispatch (thunks and RTK Query actions included). */
export type AppDispatchOf = Registered<'dispatch', Dispatch<Action>>;

/**
 * `useDispatch` typed for this store, so thunks and RTK Query actions type-check.
 *
 * @example
 * const dispatch = useAppDispatch();
 * dispatch(filtersChanged({ lastNameQuery: 'Ng' }));
 */
export const useAppDispatch = useDispatch.withTypes<AppDispatchOf>();

/**
 * `useSelector` typed with the root state.
 *
 * @example
 * const filters = useAppSelector(selectAthleteFilters);
 */
export const useAppSelector = useSelector.withTypes<AppRootState>();
