import { useCallback, useEffect, useRef, useState } from 'react';
import { App, Spin, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { CenteredCard } from '../../components/CenteredCard';
import { enterWorkspace } from '../../lib/api';
import { useAppDispatch } from '../../lib/hooks';
import { homePath } from '../../lib/paths';
import { invitationFailure, type InvitationFailure } from './invitationFailure';
import { useAcceptInvitationMutation } from './invitationApi';
import { InvitationRefused } from './InvitationRefused';

/**
 * Accepts the invitation once (a token is single-use: React's development double effect
 * must not send it twice), then enters the joined workspace in this tab, as the user
 * menu's switcher does (`enterWorkspace`), and lands on the dashboard with "You joined …".
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
      dispatch(enterWorkspace(workspace.id));
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
