import { eventChannel, type EventChannel, type SagaIterator } from 'redux-saga';
import { call, debounce, put, takeEvery } from 'redux-saga/effects';
import type { PayloadAction } from '@reduxjs/toolkit';
import type { UserBody } from '../../../contract/user';
import { baseApi, getWorkspaceId, setForbiddenHandler, setWorkspaceId } from '../../lib/api';
import { signedOut, workspaceEntered } from '../../lib/session';
import { currentUserApi } from '../../lib/api/currentUserApi';
import { membershipLost } from './workspaceSlice';

/** Refusals within this long of each other make one fresh read of the membership. */
const FORBIDDEN_SETTLE_MS = 500;

/** The base query's 403s, as a channel a saga can take from. */
export function forbiddenEvents(): EventChannel<true> {
  return eventChannel<true>((emit) => {
    setForbiddenHandler(() => emit(true));
    return () => setForbiddenHandler(null);
  });
}

/**
 * The workspace lifecycle of a tab (issue 34): every `/user` answer says which workspace
 * the tab works in and the member's role there.
 * - A member (role set): the tab's calls are pinned to that workspace, and its table
 *   filters are brought back (`workspaceEntered`).
 * - An answer for another workspace than the pinned one, which is not among the user's
 *   any more: an owner removed the member (the server then answers for the user's own
 *   workspace, or none). The tab moves there, the cache is emptied (every page asks
 *   again) and the member is told.
 * A 403 from any call reads `/user` again: a role or a roster limit may have changed.
 */
export function* workspaceSaga(): SagaIterator {
  /** The user's workspaces as last known, to name the one they lost. */
  let known: UserBody['workspaces'] = [];

  function* adopt({ payload: user }: PayloadAction<UserBody>): SagaIterator {
    if (!user) return; // not an answer the server gives; a stub's
    const pinned = getWorkspaceId();
    if (pinned && pinned !== user.id) {
      // Asked before a switch to a workspace the user still has: its answer comes next.
      if (user.workspaces.some((workspace) => workspace.id === pinned)) return;
      // The server answered for another workspace: the member has none in the pinned one.
      const name = known.find((workspace) => workspace.id === pinned)?.name;
      yield call(setWorkspaceId, user.role === null ? null : user.id);
      yield put(membershipLost(name ?? 'the workspace you were working in'));
      yield put(baseApi.util.resetApiState());
      return;
    }
    if (user.role === null) return; // a member of no workspace
    known = user.workspaces;
    if (!pinned) yield call(setWorkspaceId, user.id);
    yield put(workspaceEntered(user.id));
  }

  yield takeEvery(currentUserApi.endpoints.getUser.matchFulfilled, adopt);
  yield takeEvery(signedOut, function* forget(): SagaIterator {
    known = [];
    yield call(setWorkspaceId, null);
  });
  const refusals: EventChannel<true> = yield call(forbiddenEvents);
  yield debounce(FORBIDDEN_SETTLE_MS, refusals, function* readMembershipAgain(): SagaIterator {
    yield put(baseApi.util.invalidateTags(['User']));
  });
}
