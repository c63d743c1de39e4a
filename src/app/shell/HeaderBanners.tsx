import { Alert } from 'antd';
import { Link, useLocation } from 'react-router';
import { useGetUserQuery } from '../../features/account/userApi';
import { useDisabledWebhooks } from '../../features/integration/DisabledWebhooksBanner';
import { selectEmailVerified } from '../../lib/session';
import { useAppSelector } from '../../lib/hooks';
import { paths } from '../../lib/paths';

/**
 * The header banners (spec, section 2): verify the e-mail while the ID token says it is
 * unverified; update the profile while the user has not saved it once. And, on every page
 * but Integrations (which shows each one with its reason and Resume), a warning while a
 * webhook is disabled after repeated failures: results no longer reach that system.
 */
export function HeaderBanners() {
  const emailVerified = useAppSelector(selectEmailVerified);
  const { data: user } = useGetUserQuery();
  const askProfile = user?.hasUpdatedProfile === false;
  const onIntegrations = useLocation().pathname === paths.home.integrations.path;
  const disabledWebhooks = useDisabledWebhooks().length;
  const warnWebhooks = disabledWebhooks > 0 && !onIntegrations;
  if (emailVerified && !askProfile && !warnWebhooks) return null;
  return (
    <div className="no-print">
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
