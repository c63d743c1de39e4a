import { useDispatch, useSelector } from 'react-redux';
import type { AppDispatch, RootState } from './store';

/**
 * `useDispatch` typed for this store, so thunks and RTK Query actions type-check.
 *
 * @example
 * const dispatch = useAppDispatch();
 * dispatch(athleteFiltersChanged({ lastNameQuery: 'Ng' }));
 */
export const useAppDispatch = useDispatch.withTypes<AppDispatch>();

/**
 * `useSelector` typed with the root state.
 *
 * @example
 * const filters = useAppSelector(selectAthleteFilters);
 */
export const useAppSelector = useSelector.withTypes<RootState>();
