import { useState } from 'react';
import { Button, Flex, Modal, Progress, Result, Steps, Typography } from 'antd';
import { describeFailure } from '../../../components/serverErrors';
import { useImportAthletesMutation, type ImportReport } from '../athleteApi';
import { ChooseFileStep, MAX_IMPORT_BYTES } from './ChooseFileStep';
import { importProblems, readFileText } from './importProblems';
import { canImport, ImportPreview } from './ImportPreview';
import { TELEMETRY_EVENTS, track } from '../../../lib/telemetry';

interface Checked {
  fileName: string;
  csv: string;
  report: ImportReport;
}

/** Where the wizard is: choose a file, check it (dry run), import it (commit), done. */
type Phase =
  | { step: 'choose'; problem: string | null }
  | { step: 'checking'; fileName: string }
  | ({ step: 'preview'; commitProblems: string[] } & Checked)
  | ({ step: 'importing' } & Checked)
  | { step: 'done'; report: ImportReport };

const stepIndex = { choose: 0, checking: 1, preview: 1, importing: 2, done: 3 } as const;
const athletes = (count: number) => `${count} ${count === 1 ? 'athlete' : 'athletes'}`;

/**
 * Import athletes from a CSV in four steps. The file is read in the browser and checked
 * by a dry run, which writes nothing; the import is offered only when every row is right
 * and the spots suffice. The server writes every row or none, so a refused import says
 * that nothing was imported. Once done, the athletes, rosters and spots refetch.
 */
export function ImportWizard({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [phase, setPhase] = useState<Phase>({ step: 'choose', problem: null });
  const [importAthletes] = useImportAthletesMutation();
  const busy = phase.step === 'checking' || phase.step === 'importing';

  async function check(file: File) {
    if (file.size > MAX_IMPORT_BYTES)
      return setPhase({ step: 'choose', problem: 'The file is larger than 5 MB.' });
    setPhase({ step: 'checking', fileName: file.name });
    try {
      const csv = await readFileText(file);
      const report = await importAthletes({ csv, dryRun: true }).unwrap();
      setPhase({ step: 'preview', fileName: file.name, csv, report, commitProblems: [] });
    } catch (error) {
      const problem = error instanceof Error ? error.message : describeFailure(error);
      setPhase({ step: 'choose', problem });
    }
  }

  async function commit({ fileName, csv, report }: Checked) {
    setPhase({ step: 'importing', fileName, csv, report });
    try {
      const written = await importAthletes({ csv, dryRun: false }).unwrap();
      track(TELEMETRY_EVENTS.athletesImported, { created: written.created });
      setPhase({ step: 'done', report: written });
    } catch (error) {
      setPhase({ step: 'preview', fileName, csv, report, commitProblems: importProblems(error) });
    }
  }

  function close() {
    onClose();
    setPhase({ step: 'choose', problem: null });
  }

  return (
    <Modal
      open={open}
      title="Import athletes from CSV"
      width={760}
      // The footer (Import) stays in view on a short window: only the body scrolls.
      style={{ top: 24 }}
      styles={{ body: { maxHeight: 'calc(100vh - 200px)', overflowY: 'auto' } }}
      onCancel={close}
      closable={!busy}
      mask={{ closable: !busy }}
      keyboard={!busy}
      footer={
        <Footer
          phase={phase}
          onClose={close}
          onBack={() => setPhase({ step: 'choose', problem: null })}
          onCommit={(checked) => void commit(checked)}
        />
      }
    >
      <Steps
        size="small"
        current={stepIndex[phase.step]}
        style={{ marginBottom: 24 }}
        items={[{ title: 'File' }, { title: 'Check' }, { title: 'Import' }, { title: 'Done' }]}
      />
      {phase.step === 'choose' && (
        <ChooseFileStep problem={phase.problem} onFile={(file) => void check(file)} />
      )}
      {phase.step === 'checking' && <Working text={`Checking ${phase.fileName}…`} />}
      {phase.step === 'preview' && (
        <ImportPreview
          fileName={phase.fileName}
          report={phase.report}
          commitProblems={phase.commitProblems}
        />
      )}
      {phase.step === 'importing' && (
        <Working text={`Importing ${athletes(phase.report.rowCount)}…`} />
      )}
      {phase.step === 'done' && (
        <Result
          status="success"
          title={`Imported ${athletes(phase.report.created)}`}
          subTitle={
            phase.report.newRosters.length > 0
              ? `New rosters: ${phase.report.newRosters.join(', ')}.`
              : undefined
          }
        />
      )}
    </Modal>
  );
}

function Working({ text }: { text: string }) {
  return (
    <Flex vertical gap={8} role="status">
      <Typography.Text>{text}</Typography.Text>
      <Progress percent={100} status="active" showInfo={false} />
    </Flex>
  );
}

interface FooterProps {
  phase: Phase;
  onClose: () => void;
  onBack: () => void;
  onCommit: (checked: Checked) => void;
}

function Footer({ phase, onClose, onBack, onCommit }: FooterProps) {
  if (phase.step === 'done')
    return (
      <Button type="primary" onClick={onClose}>
        Done
      </Button>
    );
  if (phase.step === 'preview' || phase.step === 'importing') {
    const importing = phase.step === 'importing';
    return (
      <Flex gap={8} justify="end">
        <Button onClick={onBack} disabled={importing}>
          Choose another file
        </Button>
        <Button
          type="primary"
          loading={importing}
          disabled={!canImport(phase.report)}
          onClick={() => onCommit(phase)}
        >
          Import {athletes(phase.report.rowCount)}
        </Button>
      </Flex>
    );
  }
  return (
    <Button onClick={onClose} disabled={phase.step === 'checking'}>
      Cancel
    </Button>
  );
}
