import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/**
 * What the app tells the member about their workspace: that they lost access to the one
 * they were working in (an owner removed them), until they dismiss it. Session state.
 */
export interface WorkspaceNoticeState {
  /** The name of the workspace they no longer belong to; null: nothing to say. */
  lostName: string | null;
}

const initialState: WorkspaceNoticeState = { lostName: null };

const workspaceNoticeSlice = createSlice({
  name: 'workspaceNotice',
  initialState,
  reducers: {
    membershipLost: (state, { payload }: PayloadAction<string>) => {
      state.lostName = payload;
    },
    membershipNoticeDismissed: (state) => {
      state.lostName = null;
    },
  },
  selectors: {
    selectLostWorkspace: (state) => state.lostName,
  },
});

export const workspaceNoticeReducer = workspaceNoticeSlice.reducer;
export const workspaceNoticeReducerPath = workspaceNoticeSlice.reducerPath;
export const { membershipLost, membershipNoticeDismissed } = workspaceNoticeSlice.actions;
export const { selectLostWorkspace } = workspaceNoticeSlice.selectors;
