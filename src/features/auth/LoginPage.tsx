import { Alert, Button, Flex, Typography } from 'antd';
import { Navigate, useLocation } from 'react-router';
import { CenteredCard } from '../../components/CenteredCard';
import { useAppDispatch, useAppSelector } from '../../lib/hooks';
import { homePath, paths } from '../../lib/paths';
import { getConfig } from '../../lib/config';
import {
  selectAuthError,
  selectAuthStatus,
  selectReturnTo,
  signInRequested,
} from '../../lib/session';
import type { LoginLocationState } from './RequireSignIn';

/** The provider's own "forgot password" page (server/identity/routes/email-links.ts). */
function forgotPasswordUrl(): string {
  return `${getConfig().auth.domain.replace(/\/+$/, '')}/u/forgot-password`;
}

/**
 * /login: sign in, create an account or reset the password at the identity provider.
 * Also where the provider sends the user back: once the session exists, the user goes on
 * to the page they wanted, or the leaderboard.
 */
export default function LoginPage() {
  const dispatch = useAppDispatch();
  const status = useAppSelector(selectAuthStatus);
  const error = useAppSelector(selectAuthError);
  const returnTo = useAppSelector(selectReturnTo);
  const wanted = (useLocation().state as LoginLocationState | null)?.returnTo;

  if (status === 'signedIn') return <Navigate to={returnTo ?? homePath} replace />;
  const checking = status === 'unknown';

  return (
    <CenteredCard title={paths.login.label}>
      <Typography.Paragraph type="secondary" style={{ textAlign: 'center', margin: 0 }}>
        Results, leaderboards and reports for your athletes.
      </Typography.Paragraph>
      {error && <Alert type="error" showIcon title={error} style={{ width: '100%' }} />}
      <Flex vertical gap={12} style={{ width: '100%' }}>
        <Button
          type="primary"
          size="large"
          block
          loading={checking}
          onClick={() => dispatch(signInRequested({ returnTo: wanted }))}
        >
          Sign in
        </Button>
        <Button
          size="large"
          block
          disabled={checking}
          onClick={() => dispatch(signInRequested({ returnTo: wanted, screenHint: 'signup' }))}
        >
          Create account
        </Button>
      </Flex>
      <Typography.Link href={forgotPasswordUrl()}>Forgot password?</Typography.Link>
    </CenteredCard>
  );
}
