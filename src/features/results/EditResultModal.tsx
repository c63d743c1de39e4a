import { useEffect, useState } from 'react';
import { Alert, Form, InputNumber, Modal } from 'antd';
import type { EventUpdateInput } from '../../../contract/event';
import { DatePicker } from '../../components/DatePicker';
import { showServerErrors } from '../../components/serverErrors';
import { useUpdateResultMutation, type Result } from './resultApi';
import { eventLabel, resultAthleteName } from './resultFormat';

interface EditValues {
  seconds?: number | null;
  markCm?: number | null;
  laneId?: number | null;
  recordedAt: string;
}

/** Every field again, as PUT /event/{id} wants it, with the coach's corrections. */
export function correctedResult(result: Result, values: EditValues): EventUpdateInput {
  const isTime = result.eventType.unit === 'time';
  return {
    athleteId: result.athlete.id,
    eventTypeId: result.eventType.id,
    eventAliasId: result.eventAlias?.id ?? null,
    laneId: values.laneId ?? null,
    recordedAt: values.recordedAt,
    distanceMm: result.distanceMm,
    ...(isTime
      ? { timeMs: Math.round((values.seconds ?? 0) * 1000), splits: result.splits }
      : { markMm: Math.round((values.markCm ?? 0) * 10) }),
    program: result.program,
    source: result.source,
    timingMethod: result.timingMethod,
  };
}

/**
 * Corrects a mistimed run: its time (or mark), lane and when it was run. The server
 * checks the splits against the new total and answers at the field.
 */
export function EditResultModal({
  result,
  onClose,
}: {
  result: Result | null;
  onClose: () => void;
}) {
  const [form] = Form.useForm<EditValues>();
  const [updateResult, { isLoading }] = useUpdateResultMutation();
  const [problems, setProblems] = useState<string[]>([]);

  useEffect(() => {
    setProblems([]);
    if (result)
      form.setFieldsValue({
        seconds: result.timeMs !== null ? result.timeMs / 1000 : null,
        markCm: result.markMm !== null ? result.markMm / 10 : null,
        laneId: result.laneId,
        recordedAt: result.recordedAt,
      });
  }, [result, form]);

  async function save(values: EditValues) {
    if (!result) return;
    try {
      await updateResult({ id: result.id, input: correctedResult(result, values) }).unwrap();
      onClose();
    } catch (error) {
      // The total's messages (timeMs, markMm, splits) have no field here: shown below.
      setProblems(showServerErrors(form, error, ['laneId', 'recordedAt']));
    }
  }

  const isTime = result?.eventType.unit === 'time';
  return (
    <Modal
      open={result !== null}
      title={result ? `Correct ${resultAthleteName(result)}’s ${eventLabel(result)}` : ''}
      okText="Save"
      confirmLoading={isLoading}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={(values) => void save(values)}>
        {isTime ? (
          <Form.Item
            name="seconds"
            label="Time (seconds)"
            rules={[{ required: true, message: 'Type the time, e.g. 4.62' }]}
          >
            <InputNumber min={0.01} step={0.01} precision={2} style={{ width: 160 }} />
          </Form.Item>
        ) : (
          <Form.Item
            name="markCm"
            label="Mark (cm)"
            rules={[{ required: true, message: 'Type the mark in centimetres' }]}
          >
            <InputNumber min={0.1} step={0.5} precision={1} style={{ width: 160 }} />
          </Form.Item>
        )}
        <Form.Item name="laneId" label="Lane">
          <InputNumber min={0} max={99} precision={0} style={{ width: 100 }} />
        </Form.Item>
        <Form.Item name="recordedAt" label="Run at" rules={[{ required: true }]}>
          <DatePicker showTime valueFormat="datetime" aria-label="Run at" />
        </Form.Item>
      </Form>
      {problems.length > 0 && <Alert type="error" showIcon title={problems.join(' ')} />}
    </Modal>
  );
}
