import { useState } from 'react';
import { Alert, Button, Flex, Spin, Typography } from 'antd';
import { Navigate } from 'react-router';
import { CenteredCard } from '../../components/CenteredCard';
import { useAppDispatch, useAppSelector } from '../../lib/hooks';
import { homePath, paths } from '../../lib/paths';
import {
  identityRefreshRequested,
  selectAuthError,
  selectAuthStatus,
  selectIdentity,
  selectIdentityRefreshing,
  signInRequested,
  signOutRequested,
} from '../../lib/session';
import { ResendVerification } from './ResendVerification';

/**
 * /verification: the address to verify, a new mail on request, and "I have verified",
 * which forces a token refresh: once the new ID token says the address is verified, the
 * user goes on to the leaderboard.
 */
export default function VerificationPage() {
  const dispatch = useAppDispatch();
  const status = useAppSelector(selectAuthStatus);
  const identity = useAppSelector(selectIdentity);
  const refreshing = useAppSelector(selectIdentityRefreshing);
  const error = useAppSelector(selectAuthError);
  const [checked, setChecked] = useState(false);

  if (identity?.emailVerified) return <Navigate to={homePath} replace />;

  return (
    <CenteredCard title={paths.verification.label}>
      {status === 'unknown' && <Spin aria-label="Checking your sign-in" />}
      {status === 'signedOut' && (
        <>
          <Typography.Paragraph style={{ textAlign: 'center', margin: 0 }}>
            Sign in to verify your e-mail address.
          </Typography.Paragraph>
          <Button
            type="primary"
            block
            onClick={() => dispatch(signInRequested({ returnTo: paths.verification.path }))}
          >
            Sign in
          </Button>
        </>
      )}
      {status === 'signedIn' && identity && (
        <Flex vertical align="center" gap={16} style={{ width: '100%' }}>
          <Typography.Paragraph style={{ textAlign: 'center', margin: 0 }}>
            We sent a verification link to{' '}
            <Typography.Text strong>{identity.email}</Typography.Text>. Open it, then come back
            here.
          </Typography.Paragraph>
          {checked && !refreshing && !error && (
            <Alert
              type="warning"
              showIcon
              title="Your e-mail address is still unverified. Open the link in the e-mail, then try again."
            />
          )}
          {checked && !refreshing && error && <Alert type="error" showIcon title={error} />}
          <Button
            type="primary"
            block
            loading={refreshing}
            onClick={() => {
              setChecked(true);
              dispatch(identityRefreshRequested());
            }}
          >
            I have verified
          </Button>
          <ResendVerification email={identity.email} />
          <Button type="link" onClick={() => dispatch(signOutRequested())}>
            Sign out
          </Button>
        </Flex>
      )}
    </CenteredCard>
  );
}
