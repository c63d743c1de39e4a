import { Alert, Button, Flex, Spin, Typography } from 'antd';
import { useLocation, useParams } from 'react-router';
import { CenteredCard } from '../../components/CenteredCard';
import { useAppDispatch, useAppSelector } from '../../lib/hooks';
import { selectAuthError, selectAuthStatus, signInRequested } from '../../lib/session';
import { brokenLink, isWellFormedToken } from './invitationFailure';
import { InvitationRefused } from './InvitationRefused';
import { JoinWorkspace } from './JoinWorkspace';

/**
 * Signed out: sign in, or create an account, and come back here. The way back is the
 * sign-in's own (`returnTo` in the provider's app state, as for /login).
 */
function SignInToJoin({ returnTo }: { returnTo: string }) {
  const dispatch = useAppDispatch();
  const error = useAppSelector(selectAuthError);
  return (
    <CenteredCard title="Join a workspace">
      <Typography.Paragraph style={{ textAlign: 'center', margin: 0 }}>
        You were invited to a workspace on Splitline. Sign in, or create an account, with the e-mail
        address the invitation was sent to; you join it right after.
      </Typography.Paragraph>
      {error && <Alert type="error" showIcon title={error} style={{ width: '100%' }} />}
      <Flex vertical gap={12} style={{ width: '100%' }}>
        <Button
          type="primary"
          size="large"
          block
          onClick={() => dispatch(signInRequested({ returnTo }))}
        >
          Sign in
        </Button>
        <Button
          size="large"
          block
          onClick={() => dispatch(signInRequested({ returnTo, screenHint: 'signup' }))}
        >
          Create account
        </Button>
      </Flex>
    </CenteredCard>
  );
}

/**
 * /invitation/:token, the link of an invitation mail: signed in, it joins the workspace
 * at once and goes on to the dashboard; signed out, it asks to sign in or sign up first
 * and comes back. A refusal says what to do (InvitationRefused).
 */
export default function InvitationPage() {
  const { token = '' } = useParams();
  const { pathname } = useLocation();
  const status = useAppSelector(selectAuthStatus);

  if (!isWellFormedToken(token)) return <InvitationRefused failure={brokenLink} />;
  if (status === 'signedOut') return <SignInToJoin returnTo={pathname} />;
  if (status === 'unknown')
    return (
      <CenteredCard title="Join a workspace">
        <Spin aria-label="Checking your sign-in" />
      </CenteredCard>
    );
  return <JoinWorkspace token={token} />;
}
