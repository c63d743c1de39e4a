import { useState } from 'react';
import { Alert, Button, Flex, Spin, Typography } from 'antd';
import { Navigate, useLocation } from 'react-router';
import { CenteredCard } from '../../components/CenteredCard';
import { describeFailure } from '../../components/serverErrors';
import { useGetUserQuery } from '../../lib/api/currentUserApi';
import { homePath, paths, type ChooserLocationState } from '../../lib/paths';
import { ROLE_NAMES } from '../../lib/permissions';
import { useSwitchWorkspace } from './useSwitchWorkspace';

/**
 * /workspace: after signing in, a user of several workspaces chooses the one to work in
 * (issue 34). The one chosen last (the server's current, where a reload or a new tab
 * opens) comes first, marked, and has the focus: Enter goes on as before. Only antd's
 * signed-out components, so no page styles to load (scripts/antd-css.ts). Choosing another
 * remembers it, as the user menu's switcher does; then the page the user signed in for
 * opens (the last used at once: the tab is already in it, useSwitchWorkspace). With one
 * workspace there is nothing to choose: straight on.
 */
export default function WorkspaceChooserPage() {
  const returnTo = (useLocation().state as ChooserLocationState | null)?.returnTo ?? homePath;
  const { data: user, error, refetch } = useGetUserQuery();
  const { switchTo, switching } = useSwitchWorkspace();
  const [choosing, setChoosing] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  if (user && user.workspaces.length < 2) return <Navigate to={returnTo} replace />;

  async function choose(workspaceId: string) {
    setChoosing(workspaceId);
    setProblem(null);
    try {
      await switchTo(workspaceId, { to: returnTo, replace: true });
    } catch (failure) {
      setProblem(describeFailure(failure));
      setChoosing(null);
    }
  }

  // The last chosen first, then the others as the server lists them.
  const workspaces = user
    ? [...user.workspaces].sort((a, b) => Number(b.id === user.id) - Number(a.id === user.id))
    : [];
  return (
    <CenteredCard title={paths.workspace.label}>
      <Typography.Paragraph type="secondary" style={{ textAlign: 'center', margin: 0 }}>
        You belong to several workspaces. You can switch later from the account menu.
      </Typography.Paragraph>
      {problem && <Alert type="error" showIcon title={problem} style={{ width: '100%' }} />}
      {error && !user ? (
        <Alert
          type="error"
          showIcon
          style={{ width: '100%' }}
          title={`Your workspaces could not be loaded. ${describeFailure(error)}`}
          action={
            <Button size="small" onClick={() => void refetch()}>
              Try again
            </Button>
          }
        />
      ) : !user ? (
        <Spin aria-label="Loading your workspaces" />
      ) : (
        <Flex vertical gap={12} style={{ width: '100%' }} role="list" aria-label="Workspaces">
          {workspaces.map((workspace) => {
            const last = workspace.id === user.id;
            return (
              <div role="listitem" key={workspace.id}>
                <Button
                  size="large"
                  block
                  type={last ? 'primary' : 'default'}
                  autoFocus={last}
                  loading={choosing === workspace.id}
                  disabled={switching && choosing !== workspace.id}
                  onClick={() => void choose(workspace.id)}
                  style={{
                    height: 'auto',
                    minHeight: 48,
                    whiteSpace: 'normal',
                    padding: '8px 16px',
                  }}
                >
                  {/* A name too long for one line beside its role puts the role under it,
                      rather than breaking the name (an e-mail address) mid-word. */}
                  <Flex
                    justify="space-between"
                    align="center"
                    wrap
                    style={{ width: '100%', columnGap: 8, rowGap: 2 }}
                  >
                    <span style={{ textAlign: 'left', overflowWrap: 'anywhere' }}>
                      {workspace.name}
                    </span>
                    <span style={{ whiteSpace: 'nowrap', fontSize: 14 }}>
                      {ROLE_NAMES[workspace.role]}
                      {last && ' · last used'}
                    </span>
                  </Flex>
                </Button>
              </div>
            );
          })}
        </Flex>
      )}
    </CenteredCard>
  );
}
