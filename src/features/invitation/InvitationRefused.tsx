import { Alert, Button, Flex, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { CenteredCard } from '../../components/CenteredCard';
import { useAppDispatch, useAppSelector } from '../../lib/hooks';
import { homePath, paths } from '../../lib/paths';
import { selectAuthStatus, selectIdentity, signOutRequested } from '../../lib/session';
import type { InvitationFailure } from './invitationFailure';

/** What to do next, by the kind of refusal. */
const NEXT: Record<InvitationFailure['kind'], string> = {
  askAgain: 'Ask the owner of the workspace to invite you again: each invitation works once.',
  otherAddress:
    'Sign out, then open the link in the invitation e-mail again and sign in (or create an account) with the address it was sent to.',
  member: 'Switch to it from the menu under your name.',
  retry: 'Check your connection and try again: the invitation still works.',
  incomplete:
    'If the whole link does not work either, ask the owner of the workspace for a new one.',
};

/**
 * Why the invitation did not take, in the server's words, and the way out: ask for a new
 * one; sign out and use the invited address; or try again. A signed-in user can always
 * go on to their dashboard, a signed-out one (a link cut short) to the sign-in.
 */
export function InvitationRefused({
  failure,
  onRetry,
}: {
  failure: InvitationFailure;
  onRetry?: () => void;
}) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const identity = useAppSelector(selectIdentity);
  const signedOut = useAppSelector(selectAuthStatus) === 'signedOut';
  const { kind, title, message } = failure;
  return (
    <CenteredCard title={title}>
      <Alert
        type={kind === 'member' ? 'info' : kind === 'retry' ? 'warning' : 'error'}
        showIcon
        title={message}
        style={{ width: '100%' }}
      />
      {identity && (
        <Typography.Paragraph style={{ textAlign: 'center', margin: 0 }}>
          You are signed in as <Typography.Text strong>{identity.email}</Typography.Text>.
        </Typography.Paragraph>
      )}
      <Typography.Paragraph type="secondary" style={{ textAlign: 'center', margin: 0 }}>
        {NEXT[kind]}
      </Typography.Paragraph>
      <Flex vertical gap={12} style={{ width: '100%' }}>
        {kind === 'otherAddress' && (
          <Button type="primary" block onClick={() => dispatch(signOutRequested())}>
            Sign out and use another account
          </Button>
        )}
        {kind === 'retry' && onRetry && (
          <Button type="primary" block onClick={onRetry}>
            Try again
          </Button>
        )}
        {identity && (
          <Button
            block
            type={kind === 'otherAddress' || kind === 'retry' ? 'default' : 'primary'}
            onClick={() => void navigate(homePath)}
          >
            Go to your dashboard
          </Button>
        )}
        {signedOut && (
          <Button block onClick={() => void navigate(paths.login.path)}>
            Go to sign in
          </Button>
        )}
      </Flex>
    </CenteredCard>
  );
}
