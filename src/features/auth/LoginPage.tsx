import { Alert, Button, Flex, Spin, Typography } from 'antd';
import { Navigate, useLocation } from 'react-router';
import { CenteredCard } from '../../components/CenteredCard';
import { useAppDispatch, useAppSelector } from '../../lib/hooks';
import { homePath, paths, type ChooserLocationState } from '../../lib/paths';
import { getConfig } from '../../lib/config';
import {
  selectAuthError,
  selectAuthStatus,
  selectReturnTo,
  signInRequested,
} from '../../lib/session';
import { useGetUserQuery } from '../../lib/api/currentUserApi';
import type { LoginLocationState } from './RequireSignIn';

/** The provider's own "forgot password" page (server/identity/routes/email-links.ts). */
function forgotPasswordUrl(): string {
  return `${getConfig().auth.domain.replace(/\/+$/, '')}/u/forgot-password`;
}

/** Whether a user back from signing in for `returnTo` may first choose a workspace. */
const opensInWorkspace = (returnTo: string) =>
  returnTo === paths.home.root.path || returnTo.startsWith(`${paths.home.root.path}/`);

/**
 * Where /login sends a signed-in user: the page they wanted. Back from signing in (a
 * `returnTo`) for a page of the dashboard, a user of several workspaces first chooses one
 * (/workspace); an invitation or the verification page goes on at once. Without `/user`
 * (offline, refused) the page opens in the last chosen, as a reload does.
 */
function SignedIn({ returnTo }: { returnTo: string | null }) {
  const choosing = returnTo !== null && opensInWorkspace(returnTo);
  const { data: user, isError } = useGetUserQuery(undefined, { skip: !choosing });
  if (!choosing) return <Navigate to={returnTo ?? homePath} replace />;
  if (!user && !isError)
    return (
      <Flex align="center" justify="center" style={{ minHeight: '100vh' }}>
        <Spin size="large" aria-label="Opening your workspace" />
      </Flex>
    );
  if (user && user.workspaces.length > 1) {
    const state: ChooserLocationState = { returnTo };
    return <Navigate to={paths.workspace.path} state={state} replace />;
  }
  return <Navigate to={returnTo} replace />;
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

  if (status === 'signedIn') return <SignedIn returnTo={returnTo} />;
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
