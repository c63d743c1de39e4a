import { useState } from 'react';
import { Alert, App, Button, Card, Flex, Typography, Upload, type UploadProps } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { Permitted } from '../../components/Permitted';
import { describeFailure } from '../../components/serverErrors';
import { useMayCall } from '../../lib/permissions';
import { useUploadLogoMutation, type User } from './userApi';

const acceptedTypes = ['image/png', 'image/jpeg', 'image/webp'];
/** The server's limit too (contract/user.ts, LOGO_MAX_BYTES). */
const maxBytes = 2 * 1024 * 1024;

/**
 * Why a file cannot be a logo, or null when it can. Checked here before the server does.
 *
 * @example
 * logoProblem({ type: 'image/gif', size: 1000 }); // 'The logo must be a PNG, JPEG or WebP image.'
 */
export function logoProblem(file: { type: string; size: number }): string | null {
  if (!acceptedTypes.includes(file.type)) return 'The logo must be a PNG, JPEG or WebP image.';
  if (file.size > maxBytes) return 'The logo must be 2 MB or smaller.';
  return null;
}

function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsDataURL(file);
  });
}

/**
 * The workspace's logo: a preview of the chosen file while it uploads, then the shell
 * shows it. Only an owner may change it; others see it, and the button disabled.
 */
export function LogoUpload({ user }: { user: User }) {
  const [uploadLogo, { isLoading }] = useUploadLogoMutation();
  const [preview, setPreview] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const { message } = App.useApp();
  const mayUpload = useMayCall('POST', '/api/user/uploadlogo').allowed;
  const shown = preview ?? user.logoUrl;

  const beforeUpload: UploadProps['beforeUpload'] = (file) => {
    const found = logoProblem(file);
    setProblem(found);
    return found ? Upload.LIST_IGNORE : true;
  };

  const customRequest: UploadProps['customRequest'] = ({ file }) => {
    const logo = file as File;
    void (async () => {
      setPreview(await readAsDataUrl(logo).catch(() => null));
      try {
        await uploadLogo(logo).unwrap();
        void message.success('Logo uploaded.');
      } catch (error) {
        setProblem(describeFailure(error));
      } finally {
        setPreview(null);
      }
    })();
  };

  return (
    <Card title="Logo">
      <Flex vertical gap={16} align="start">
        <Typography.Text type="secondary">
          Shown in the dashboard beside your name. PNG, JPEG or WebP, up to 2 MB.
        </Typography.Text>
        {shown ? (
          <img
            src={shown}
            alt={preview ? 'Logo preview' : 'Current logo'}
            style={{ maxHeight: 96, maxWidth: 240, objectFit: 'contain' }}
          />
        ) : (
          <Typography.Text type="secondary">No logo yet.</Typography.Text>
        )}
        {problem && <Alert type="error" showIcon title={problem} />}
        <Upload
          accept={acceptedTypes.join(',')}
          maxCount={1}
          showUploadList={false}
          beforeUpload={beforeUpload}
          customRequest={customRequest}
          disabled={!mayUpload}
        >
          <Permitted call="POST /api/user/uploadlogo" action="change the logo">
            <Button icon={<UploadOutlined />} loading={isLoading}>
              {user.logoUrl ? 'Replace logo' : 'Upload logo'}
            </Button>
          </Permitted>
        </Upload>
      </Flex>
    </Card>
  );
}
