import { useCallback, useEffect, useRef, useState } from 'react';
import { App, Spin, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { CenteredCard } from '../../components/CenteredCard';
import { baseApi, setWorkspaceId } from '../../lib/api';
import { useAppDispatch } from '../../lib/hooks';
import { homePath } from '../../lib/paths';
import { invitationFailure, type InvitationFailure } from './invitationFailure';
import { useAcceptInvitationMutation } from './invitationApi';
import { InvitationRefused } from './InvitationRefused';

/**
 * Accepts the invitation once (a token is single-use: React's development double effect
 * must not send it twice), then pins this tab to the joined workspace (its calls name it,
 * docs/workspaces.md "The workspace of a tab") and drops the cache of the one left, so
 * that every page asks again in the joined one, and lands on the dashboard with
 * "You joined …", as the user menu's switcher does.
 */
export function JoinWorkspace({ token }: { token: string }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [acceptInvitation] = useAcceptInvitationMutation();
  const [failure, setFailure] = useState<InvitationFailure | null>(null);
  const sent = useRef(false);

  const join = useCallback(async () => {
    setFailure(null);
    try {
      const workspace = await acceptInvitation(token).unwrap();
      setWorkspaceId(workspace.id);
      dispatch(baseApi.util.resetApiState());
      void message.success(`You joined ${workspace.name}`, 6);
      void navigate(homePath, { replace: true });
    } catch (error) {
      setFailure(invitationFailure(error));
    }
  }, [acceptInvitation, dispatch, message, navigate, token]);

  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    void join();
  }, [join]);

  if (failure) return <InvitationRefused failure={failure} onRetry={() => void join()} />;
  return (
    <CenteredCard title="Join a workspace">
      <Spin aria-label="Joining the workspace" />
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        Joining the workspace…
      </Typography.Paragraph>
    </CenteredCard>
  );
}
