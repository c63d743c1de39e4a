import { App, Button, Flex } from 'antd';
import { DownloadOutlined, PrinterOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { describeFailure } from '../../../components/serverErrors';
import { TELEMETRY_EVENTS, track } from '../../../lib/telemetry';

interface ReportActionsProps {
  /** Starts the PDF download; rejects with the API's failure. */
  onDownload: () => Promise<unknown>;
  downloading: boolean;
  children?: ReactNode;
}

/** Print (the browser's dialog, with the print stylesheet) and Download PDF; never printed. */
export function ReportActions({ onDownload, downloading, children }: ReportActionsProps) {
  const { message } = App.useApp();
  async function download() {
    try {
      await onDownload();
      track(TELEMETRY_EVENTS.reportExported, { format: 'pdf' });
    } catch (failure) {
      void message.error(`The PDF could not be made. ${describeFailure(failure)}`);
    }
  }
  return (
    <Flex gap={8} wrap align="center" className="no-print">
      {children}
      <Button
        icon={<PrinterOutlined />}
        onClick={() => {
          track(TELEMETRY_EVENTS.reportExported, { format: 'print' });
          window.print();
        }}
      >
        Print
      </Button>
      <Button
        type="primary"
        icon={<DownloadOutlined />}
        loading={downloading}
        onClick={() => void download()}
      >
        Download PDF
      </Button>
    </Flex>
  );
}
