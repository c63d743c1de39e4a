import { Alert, Flex, Skeleton } from 'antd';
import { PageFrame } from '../../components/PageFrame';
import { Permitted } from '../../components/Permitted';
import { paths } from '../../lib/paths';
import { ChangePasswordForm } from './ChangePasswordForm';
import { DeleteDataCard } from './DeleteDataCard';
import { LogoUpload } from './LogoUpload';
import { ProfileForm } from './ProfileForm';
import { TelemetryCard } from './TelemetryCard';
import { describeFailure } from '../../components/serverErrors';
import { useGetUserQuery } from './userApi';

/**
 * Profile: the coach's own account (PRODUCT.md, "Profile"), and the workspace's logo.
 * Deleting the workspace's data is an owner's: not shown to other members.
 */
export default function AccountInfoPage() {
  const { data: user, error, isLoading } = useGetUserQuery();
  return (
    <PageFrame title={paths.home.account.label}>
      {isLoading && <Skeleton active />}
      {error && !user && <Alert type="error" showIcon title={describeFailure(error)} />}
      {user && (
        <Flex vertical gap={24} style={{ maxWidth: 720 }}>
          <ProfileForm key={user.id} user={user} />
          <LogoUpload user={user} />
          <ChangePasswordForm />
          <TelemetryCard user={user} />
          <Permitted call="DELETE /api/user/purge" action="delete the data" denied="hide">
            <DeleteDataCard />
          </Permitted>
        </Flex>
      )}
    </PageFrame>
  );
}
