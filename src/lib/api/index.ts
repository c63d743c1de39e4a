export { baseApi } from './baseApi';
export { openTabChannel, tabSync, type TabChannel } from './tabSync';
export { downloadCsv, downloadFile, fetchApiFile, fileNameFrom, type ApiFile } from './apiFile';
export { kyBaseQuery, type ApiArgs, type ApiRequest, type QueryParams } from './kyBaseQuery';
export {
  setForbiddenHandler,
  setTokenGetter,
  setUnauthorizedHandler,
  type TokenGetter,
} from './authBridge';
export { getWorkspaceId, setWorkspaceId } from './workspaceBridge';
export { enterWorkspace } from './enterWorkspace';
export {
  collectErrorFields,
  flattenErrorMessages,
  isValidationError,
  type ApiError,
  type ValidationError,
} from './errors';
