import { useState } from 'react';
import { Alert, Checkbox, Descriptions, Flex, Table, Tag, Typography } from 'antd';
import type { ImportReport } from '../athleteApi';
import { BuySpotsLink } from '../BuySpotsLink';
import { rowProblems } from './importProblems';

type Row = ImportReport['rows'][number];

/** A dry run's file can be imported: no file or row errors, some rows, enough spots. */
export function canImport(report: ImportReport): boolean {
  return (
    report.fileErrors.length === 0 &&
    report.errorCount === 0 &&
    report.rowCount > 0 &&
    report.rowCount <= report.athleteSpots
  );
}

interface ImportPreviewProps {
  fileName: string;
  report: ImportReport;
  /** Why the commit was refused (nothing was imported). */
  commitProblems: string[];
}

/** Step 2: what the dry run found: totals, new rosters, spots, and the rows with errors. */
export function ImportPreview({ fileName, report, commitProblems }: ImportPreviewProps) {
  const [onlyErrors, setOnlyErrors] = useState(report.errorCount > 0);
  const rows = onlyErrors
    ? report.rows.filter((row) => Object.keys(row.errors).length > 0)
    : report.rows;
  const overSpots = report.rowCount > report.athleteSpots;

  return (
    <Flex vertical gap={16}>
      {commitProblems.length > 0 && (
        <Alert
          type="error"
          showIcon
          title="Nothing was imported."
          description={<ProblemList problems={commitProblems} />}
        />
      )}
      {report.fileErrors.length > 0 && (
        <Alert
          type="error"
          showIcon
          title="This file cannot be imported."
          description={<ProblemList problems={report.fileErrors} />}
        />
      )}
      {report.errorCount > 0 && (
        <Alert
          type="error"
          showIcon
          title={`${report.errorCount} of ${report.rowCount} rows have errors.`}
          description="Fix them in your file and choose it again. Nothing is imported until every row is right."
        />
      )}
      {overSpots && (
        <Alert
          type="warning"
          showIcon
          title={`The file has ${report.rowCount} athletes, but only ${report.athleteSpots} athlete spots are left.`}
          description={<BuySpotsLink />}
        />
      )}
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2 }}
        title={fileName}
        style={{ fontVariantNumeric: 'tabular-nums' }}
        items={[
          { key: 'rows', label: 'Rows', children: report.rowCount },
          { key: 'errors', label: 'Rows with errors', children: report.errorCount },
          { key: 'spots', label: 'Athlete spots left', children: report.athleteSpots },
          {
            key: 'rosters',
            label: 'New rosters',
            children: report.newRosters.length
              ? report.newRosters.map((name) => <Tag key={name}>{name}</Tag>)
              : 'None',
          },
        ]}
      />
      {report.rows.length > 0 && (
        <>
          <Checkbox
            checked={onlyErrors}
            disabled={report.errorCount === 0}
            onChange={(event) => setOnlyErrors(event.target.checked)}
          >
            Only rows with errors
          </Checkbox>
          <Table<Row>
            rowKey="line"
            size="small"
            dataSource={rows}
            pagination={{ pageSize: 50, hideOnSinglePage: true, showSizeChanger: false }}
            scroll={{ y: 'min(320px, 40vh)' }}
            style={{ fontVariantNumeric: 'tabular-nums' }}
            columns={[
              { key: 'line', title: 'Line', dataIndex: 'line', width: 64, align: 'end' },
              {
                key: 'name',
                title: 'Athlete',
                render: (_, { firstName, lastName }) => `${firstName} ${lastName}`.trim() || '—',
              },
              {
                key: 'errors',
                title: 'Problems',
                render: (_, { errors }) => {
                  const problems = rowProblems(errors);
                  return problems.length ? (
                    <ProblemList problems={problems} danger />
                  ) : (
                    <Typography.Text type="success">OK</Typography.Text>
                  );
                },
              },
            ]}
          />
        </>
      )}
    </Flex>
  );
}

function ProblemList({ problems, danger = false }: { problems: string[]; danger?: boolean }) {
  return (
    <ul style={{ margin: 0, paddingInlineStart: 18 }}>
      {problems.map((problem, index) => (
        <li key={index}>
          <Typography.Text type={danger ? 'danger' : undefined}>{problem}</Typography.Text>
        </li>
      ))}
    </ul>
  );
}
