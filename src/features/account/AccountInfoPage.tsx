import { Alert, Flex, Skeleton } from 'antd';
import { PageFrame } from '../../components/PageFrame';
import { paths } from '../../lib/paths';
import { ChangePasswordForm } from './ChangePasswordForm';
import { DeleteDataCard } from './DeleteDataCard';
import { LogoUpload } from './LogoUpload';
import { ProfileForm } from './ProfileForm';
import { TelemetryCard } from './TelemetryCard';
import { describeFailure } from '../../components/serverErrors';
import { useGetUserQuery } from './userApi';

/** Profile: the coach's own account (PRODUCT.md, "Profile"). */
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
          <DeleteDataCard />
        </Flex>
      )}
    </PageFrame>
  );
}
