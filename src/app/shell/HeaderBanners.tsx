import { Alert } from 'antd';
import { Link, useLocation } from 'react-router';
import { useGetUserQuery } from '../../features/account/userApi';
import { useDisabledWebhooks } from '../../features/integration/disabledWebhooks';
import { selectEmailVerified } from '../../lib/session';
import { useAppDispatch, useAppSelector } from '../../lib/hooks';
import {
  membershipNoticeDismissed,
  selectLostWorkspace,
} from '../../features/workspace/workspaceSlice';
import { paths } from '../../lib/paths';

/**
 * The header banners (spec, section 2): verify the e-mail while the ID token says it is
 * unverified; update the profile while the user has not saved it once. And, on every page
 * but Integrations (which shows each one with its reason and Resume), a warning while a
 * webhook is disabled after repeated failures: results no longer reach that system. And
 * once, until dismissed, that an owner removed the member from the workspace they were
 * working in (issue 34), and where they are now.
 */
export function HeaderBanners() {
  const dispatch = useAppDispatch();
  const emailVerified = useAppSelector(selectEmailVerified);
  const lostWorkspace = useAppSelector(selectLostWorkspace);
  const { data: user } = useGetUserQuery();
  const current = user?.workspaces.find((workspace) => workspace.id === user.id);
  const askProfile = user?.hasUpdatedProfile === false;
  const onIntegrations = useLocation().pathname === paths.home.integrations.path;
  const disabledWebhooks = useDisabledWebhooks().length;
  const warnWebhooks = disabledWebhooks > 0 && !onIntegrations;
  if (emailVerified && !askProfile && !warnWebhooks && !lostWorkspace) return null;
  return (
    <div className="no-print">
      {lostWorkspace && (
        <Alert
          banner
          type="warning"
          role="alert"
          closable={{ 'aria-label': 'Dismiss' }}
          onClose={() => dispatch(membershipNoticeDismissed())}
          title={
            current
              ? `You no longer have access to ${lostWorkspace}: an owner removed you. You are now in ${current.name}.`
              : `You no longer have access to ${lostWorkspace}: an owner removed you. You do not belong to any workspace now: accept an invitation, or ask an owner for one.`
          }
        />
      )}
      {!emailVerified && (
        <Alert
          banner
          type="info"
          title="Please verify your e-mail address."
          action={<Link to={paths.verification.path}>Verify e-mail</Link>}
        />
      )}
      {askProfile && (
        <Alert
          banner
          type="info"
          title="Please update your profile with your name and organisation."
          action={<Link to={paths.home.account.path}>Update profile</Link>}
        />
      )}
      {warnWebhooks && (
        <Alert
          banner
          type="warning"
          title={
            disabledWebhooks === 1
              ? 'A webhook was disabled after repeated failures: results no longer reach it.'
              : `${disabledWebhooks} webhooks were disabled after repeated failures: results no longer reach them.`
          }
          action={<Link to={paths.home.integrations.path}>Open Integrations</Link>}
        />
      )}
    </div>
  );
}
