/** The operator's commands against a running server or the database (decision 037). */
export { openAdminChannel, ADMIN_FILE, type AdminChannel, type AdminEndpoint } from './channel';
export { runOperatorCommand, runningServer, type OperatorInvocation } from './client';
export {
  adminCommands,
  AdminRefusal,
  AdminUsageError,
  INDEX_PUBLISH_USAGE,
  type AdminCommand,
  type AdminContext,
  type AdminRequest,
  type CommandResult,
} from './commands';
