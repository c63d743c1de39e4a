import { useState, type Key } from 'react';
import { Alert, App, Button, Flex, Form, Modal, Select, Typography } from 'antd';
import { useAppSelector } from '../../lib/hooks';
import { describeFailure } from '../../components/serverErrors';
import { useListRostersQuery, useSetRosterMembersMutation } from './athleteApi';
import { ALL_ROSTERS, selectAthleteRosterId } from './athleteFiltersSlice';

type Direction = 'add' | 'remove';

interface BulkRosterActionsProps {
  selectedIds: Key[];
  onDone: () => void;
}

const athletes = (count: number) => `${count} ${count === 1 ? 'athlete' : 'athletes'}`;

/** With rows selected: put them on a roster, or take them off one, in one call. */
export function BulkRosterActions({ selectedIds, onDone }: BulkRosterActionsProps) {
  const viewedRosterId = useAppSelector(selectAthleteRosterId);
  const { data: rosters = [] } = useListRostersQuery();
  const [setMembers, { isLoading, error, reset }] = useSetRosterMembersMutation();
  const [direction, setDirection] = useState<Direction | null>(null);
  const [rosterId, setRosterId] = useState<number | null>(null);
  const { message } = App.useApp();
  const count = selectedIds.length;

  function start(next: Direction) {
    reset();
    setDirection(next);
    // Taking athletes off the roster being viewed is the usual case.
    setRosterId(next === 'remove' && viewedRosterId !== ALL_ROSTERS ? viewedRosterId : null);
  }

  async function apply() {
    if (!direction || rosterId === null) return;
    const ids = selectedIds.map(Number);
    const result = await setMembers({ rosterId, [direction]: ids });
    if ('error' in result) return;
    const name = rosters.find(({ id }) => id === rosterId)?.name ?? 'the roster';
    void message.success(
      direction === 'add'
        ? `${athletes(count)} added to ${name}.`
        : `${athletes(count)} removed from ${name}.`,
    );
    setDirection(null);
    onDone();
  }

  if (count === 0) return null;
  return (
    <Flex
      align="center"
      gap={8}
      wrap
      role="region"
      aria-label="Selected athletes"
      style={{ marginBottom: 12 }}
    >
      <Typography.Text strong style={{ fontVariantNumeric: 'tabular-nums' }}>
        {count} selected
      </Typography.Text>
      <Button onClick={() => start('add')}>Add to roster</Button>
      <Button onClick={() => start('remove')}>Remove from roster</Button>
      <Button type="link" onClick={onDone}>
        Clear selection
      </Button>
      <Modal
        open={direction !== null}
        title={
          direction === 'add'
            ? `Add ${athletes(count)} to a roster`
            : `Remove ${athletes(count)} from a roster`
        }
        okText={direction === 'add' ? 'Add' : 'Remove'}
        okButtonProps={{ disabled: rosterId === null }}
        confirmLoading={isLoading}
        onOk={() => void apply()}
        onCancel={() => setDirection(null)}
        destroyOnHidden
      >
        <Form layout="vertical">
          <Form.Item label="Roster" htmlFor="bulk-roster">
            <Select
              id="bulk-roster"
              showSearch={{ optionFilterProp: 'label' }}
              placeholder="Choose a roster"
              value={rosterId}
              onChange={setRosterId}
              options={rosters.map(({ id, name }) => ({ value: id, label: name }))}
              notFoundContent="No rosters yet: create one with Manage rosters."
            />
          </Form.Item>
        </Form>
        {error && <Alert type="error" showIcon title={describeFailure(error)} />}
      </Modal>
    </Flex>
  );
}
