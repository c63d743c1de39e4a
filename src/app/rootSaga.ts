import { all, fork } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import { authSaga } from '../features/auth/authSaga';

/**
 * Long-lived watchers of the app. Sagas run the auth lifecycle only (STYLE.md). The auth
 * saga reads its SDK factory from the saga context (`auth`, see `makeStore`).
 */
const watchers: Array<() => SagaIterator> = [authSaga];

export function* rootSaga(): SagaIterator {
  yield all(watchers.map((watcher) => fork(watcher)));
}
