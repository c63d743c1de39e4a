import { useState } from 'react';
import { App, Button, Flex, Modal, Popconfirm, Table, Typography } from 'antd';
import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { useAppDispatch, useAppSelector } from '../../lib/hooks';
import { describeFailure } from '../../components/serverErrors';
import { VisuallyHidden } from '../../components/VisuallyHidden';
import { useMayCall } from '../../lib/permissions';
import {
  useCreateRosterMutation,
  useDeleteRosterMutation,
  useListRostersQuery,
  useRenameRosterMutation,
  type Roster,
} from './athleteApi';
import { ALL_ROSTERS, filtersChanged, selectAthleteRosterId } from './athleteFiltersSlice';
import { RosterNameForm } from './RosterNameForm';

/**
 * Create, rename and delete rosters. Deleting a roster keeps its athletes; when it was
 * the roster being viewed, the table goes back to all athletes. (Opened by a member who
 * may create rosters; rename and delete show only as far as they may too.)
 */
export function RosterManager({ open, onClose }: { open: boolean; onClose: () => void }) {
  const dispatch = useAppDispatch();
  const viewedRosterId = useAppSelector(selectAthleteRosterId);
  const { data: rosters, isLoading } = useListRostersQuery();
  const [createRoster] = useCreateRosterMutation();
  const [renameRoster] = useRenameRosterMutation();
  const [deleteRoster] = useDeleteRosterMutation();
  const [renaming, setRenaming] = useState<number | null>(null);
  const { message } = App.useApp();
  const mayRename = useMayCall('PUT', '/api/roster/{id}').allowed;
  const mayDelete = useMayCall('DELETE', '/api/roster/{id}').allowed;

  async function remove(roster: Roster) {
    try {
      await deleteRoster(roster.id).unwrap();
      if (roster.id === viewedRosterId) dispatch(filtersChanged({ rosterId: ALL_ROSTERS }));
      void message.success(`Roster “${roster.name}” deleted.`);
    } catch (error) {
      void message.error(describeFailure(error));
    }
  }

  return (
    <Modal open={open} title="Manage rosters" footer={null} onCancel={onClose} width={560}>
      <Flex vertical gap={16}>
        <RosterNameForm
          label="New roster name"
          submitText="Create roster"
          onSubmit={async (name) => {
            await createRoster(name).unwrap();
            void message.success(`Roster “${name}” created.`);
          }}
        />
        <Table<Roster>
          rowKey="id"
          size="small"
          loading={isLoading}
          dataSource={rosters}
          pagination={false}
          scroll={{ y: 360 }}
          style={{ fontVariantNumeric: 'tabular-nums' }}
          locale={{
            emptyText: 'No rosters yet. Name one above: a team, a position group, a class.',
          }}
          columns={[
            {
              key: 'name',
              title: 'Roster',
              render: (_, roster) =>
                renaming === roster.id ? (
                  <RosterNameForm
                    label={`New name for ${roster.name}`}
                    initialName={roster.name}
                    submitText="Save"
                    onCancel={() => setRenaming(null)}
                    onSubmit={async (name) => {
                      await renameRoster({ id: roster.id, name }).unwrap();
                      setRenaming(null);
                      void message.success(`Roster renamed to “${name}”.`);
                    }}
                  />
                ) : (
                  <Typography.Text>{roster.name}</Typography.Text>
                ),
            },
            { key: 'count', title: 'Athletes', dataIndex: 'athleteCount', align: 'end', width: 90 },
            {
              key: 'actions',
              title: <VisuallyHidden>Actions</VisuallyHidden>,
              align: 'end',
              width: 96,
              render: (_, roster) => (
                <Flex gap={4} justify="end">
                  {mayRename && (
                    <Button
                      type="text"
                      size="small"
                      icon={<EditOutlined />}
                      aria-label={`Rename ${roster.name}`}
                      onClick={() => setRenaming(roster.id)}
                    />
                  )}
                  {mayDelete && (
                    <Popconfirm
                      title={`Delete roster “${roster.name}”?`}
                      description="Its athletes stay; they only leave this roster."
                      okText="Delete"
                      okButtonProps={{ danger: true }}
                      onConfirm={() => remove(roster)}
                    >
                      <Button
                        type="text"
                        size="small"
                        danger
                        icon={<DeleteOutlined />}
                        aria-label={`Delete ${roster.name}`}
                      />
                    </Popconfirm>
                  )}
                </Flex>
              ),
            },
          ]}
        />
      </Flex>
    </Modal>
  );
}
