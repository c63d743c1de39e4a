import { useState } from 'react';
import { Alert, Button, Card, Flex, Input, Modal, Progress, Typography } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { describeFailure } from '../../components/serverErrors';
import { usePurgeDataMutation } from './userApi';

/** The word to type; a deliberate act, not a slipped click. */
const confirmationWord = 'DELETE';

/**
 * "Delete all my data" (the purge): a typed confirmation, progress while the server
 * works, then a success message.
 */
export function DeleteDataCard() {
  const [purgeData, { isLoading, isSuccess, error, reset }] = usePurgeDataMutation();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');

  function close() {
    setOpen(false);
    setTyped('');
  }

  async function purge() {
    const result = await purgeData();
    if (!('error' in result)) close();
  }

  return (
    <Card title="Delete all my data">
      <Flex vertical gap={16} align="start">
        <Typography.Paragraph style={{ margin: 0 }}>
          Removes every athlete, roster, result, report and integration of this account. Your
          sign-in stays. This cannot be undone.
        </Typography.Paragraph>
        {isSuccess && <Alert type="success" showIcon title="All your data has been deleted." />}
        <Button
          danger
          icon={<DeleteOutlined />}
          onClick={() => {
            reset();
            setOpen(true);
          }}
        >
          Delete all my data
        </Button>
      </Flex>
      <Modal
        open={open}
        title="Delete all my data?"
        okText="Delete everything"
        okButtonProps={{ danger: true, disabled: typed !== confirmationWord }}
        confirmLoading={isLoading}
        onOk={() => void purge()}
        onCancel={close}
        cancelButtonProps={{ disabled: isLoading }}
        closable={!isLoading}
        mask={{ closable: !isLoading }}
        destroyOnHidden
      >
        {isLoading ? (
          <Flex vertical gap={8} role="status">
            <Typography.Text>Deleting your data…</Typography.Text>
            <Progress percent={100} status="active" showInfo={false} />
          </Flex>
        ) : (
          <Flex vertical gap={12}>
            <Typography.Text>
              Type <Typography.Text strong>{confirmationWord}</Typography.Text> to confirm.
            </Typography.Text>
            <Input
              aria-label={`Type ${confirmationWord} to confirm`}
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
              autoComplete="off"
            />
            {error && <Alert type="error" showIcon title={describeFailure(error)} />}
          </Flex>
        )}
      </Modal>
    </Card>
  );
}
