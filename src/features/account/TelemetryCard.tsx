import { Alert, Card, Flex, Switch, Typography } from 'antd';
import { describeFailure } from '../../components/serverErrors';
import { getConfig } from '../../lib/config';
import { stopTelemetry } from '../../lib/telemetry';
import { useSetTelemetryPreferenceMutation, type User } from './userApi';

/**
 * "Share anonymous usage data": the user's own switch for usage telemetry, kept on the
 * server so that it holds in every browser (docs/telemetry.md). Off stops sending at
 * once, before the server has even answered.
 */
export function TelemetryCard({ user }: { user: User }) {
  const [save, { isLoading, error }] = useSetTelemetryPreferenceMutation();
  const configured = Boolean(getConfig().telemetry);
  const sharing = !user.telemetryOptOut;

  function change(share: boolean) {
    if (!share) stopTelemetry();
    void save({ optOut: !share });
  }

  return (
    <Card title="Usage data">
      <Flex vertical gap={12} align="start">
        <Flex gap={12} align="center">
          <Switch id="share-usage-data" checked={sharing} loading={isLoading} onChange={change} />
          <label htmlFor="share-usage-data">Share anonymous usage data</label>
        </Flex>
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          Which pages you open, which features you use and errors you meet, under a random id, with
          recordings where every typed value and all text, athlete names included, are hidden; never
          your e-mail, your name or your athletes&rsquo; data.
        </Typography.Paragraph>
        {!configured && (
          <Typography.Text type="secondary">
            This server sends no usage data at present; your choice applies if it starts to.
          </Typography.Text>
        )}
        {error && <Alert type="error" showIcon title={describeFailure(error)} />}
      </Flex>
    </Card>
  );
}
