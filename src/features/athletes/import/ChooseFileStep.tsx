import { Alert, App, Button, Flex, Typography, Upload, type UploadProps } from 'antd';
import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { describeFailure } from '../../../components/serverErrors';
import { useDownloadImportTemplateMutation } from '../athleteApi';

/** The server's limit too (contract/athlete.ts). */
export const MAX_IMPORT_BYTES = 5 * 1024 * 1024;

interface ChooseFileStepProps {
  /** Why the last file could not be checked, if it could not. */
  problem: string | null;
  onFile: (file: File) => void;
}

/** Step 1: the template, the columns, and the file. */
export function ChooseFileStep({ problem, onFile }: ChooseFileStepProps) {
  const [downloadTemplate, { isLoading }] = useDownloadImportTemplateMutation();
  const { message } = App.useApp();

  const beforeUpload: UploadProps['beforeUpload'] = (file) => {
    onFile(file);
    // The file is read here and posted as CSV text; Upload must not send it itself.
    return Upload.LIST_IGNORE;
  };

  async function template() {
    const result = await downloadTemplate();
    if ('error' in result) void message.error(describeFailure(result.error));
  }

  return (
    <Flex vertical gap={16}>
      <Typography.Paragraph style={{ margin: 0 }}>
        One athlete per row. Only <Typography.Text code>firstName</Typography.Text> and{' '}
        <Typography.Text code>lastName</Typography.Text> are required; dates are{' '}
        <Typography.Text code>YYYY-MM-DD</Typography.Text>; several rosters are separated by{' '}
        <Typography.Text code>;</Typography.Text> and a roster that does not exist yet is created.
        An exported file can be imported again.
      </Typography.Paragraph>
      <div>
        <Button icon={<DownloadOutlined />} loading={isLoading} onClick={() => void template()}>
          Download template
        </Button>
      </div>
      <Upload.Dragger
        accept=".csv,text/csv"
        multiple={false}
        showUploadList={false}
        beforeUpload={beforeUpload}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined aria-hidden />
        </p>
        <p className="ant-upload-text">Choose a CSV file, or drop it here</p>
        <p className="ant-upload-hint">Up to 20,000 rows and 5 MB. Nothing is imported yet.</p>
      </Upload.Dragger>
      {problem && <Alert type="error" showIcon title={problem} />}
    </Flex>
  );
}
