import { all, fork } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import { authSaga } from '../features/auth/authSaga';
import { workspaceSaga } from '../features/workspace/workspaceSaga';

/**
 * Long-lived watchers of the app. Sagas run the session's lifecycle only (STYLE.md): the
 * sign-in, and the workspace the tab works in. The auth saga reads its SDK factory from
 * the saga context (`auth`, see `makeStore`).
 */
const watchers: Array<() => SagaIterator> = [authSaga, workspaceSaga];

export function* rootSaga(): SagaIterator {
  yield all(watchers.map((watcher) => fork(watcher)));
}
