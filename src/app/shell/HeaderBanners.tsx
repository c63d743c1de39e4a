import { Alert } from 'antd';
import { Link } from 'react-router';
import { useGetUserQuery } from '../../features/account/userApi';
import { selectEmailVerified } from '../../lib/session';
import { useAppSelector } from '../../lib/hooks';
import { paths } from '../../lib/paths';

/**
 * The header banners (spec, section 2): verify the e-mail while the ID token says it is
 * unverified; update the profile while the user has not saved it once.
 */
export function HeaderBanners() {
  const emailVerified = useAppSelector(selectEmailVerified);
  const { data: user } = useGetUserQuery();
  const askProfile = user?.hasUpdatedProfile === false;
  if (emailVerified && !askProfile) return null;
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
    </div>
  );
}
