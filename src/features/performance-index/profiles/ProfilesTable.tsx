import { useCallback, useMemo } from 'react';
import { App, Button } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { ListEmpty, ListTable, useListQuery, useTableFilters } from '../../../components/list';
import { Permitted } from '../../../components/Permitted';
import { describeFailure } from '../../../components/serverErrors';
import { fullName } from '../../../lib/names';
import { paths } from '../../../lib/paths';
import { useMayCall } from '../../../lib/permissions';
import {
  profileApi,
  useDeleteProfileMutation,
  useRebuildProfileMutation,
  type Profile,
} from './profileApi';
import { profileColumns, profileSorts } from './profileColumns';
import { profileFiltersSlice } from './profileFiltersSlice';

interface ProfilesTableProps {
  onAdd: () => void;
  onEdit: (profile: Profile) => void;
}

/**
 * The Athlete Profiles table, a list view (src/components/list): the slice's filters go
 * to the server as they are; sort and page are the slice's, so the table shows what the
 * server was asked for. Edit, rebuild and delete show only to a member who may.
 */
export function ProfilesTable({ onAdd, onEdit }: ProfilesTableProps) {
  const list = useTableFilters(profileFiltersSlice, profileSorts);
  const query = useListQuery(profileApi.endpoints.listProfiles, list.filters);
  const [deleteProfile] = useDeleteProfileMutation();
  const [rebuildProfile] = useRebuildProfileMutation();
  const { message } = App.useApp();
  const mayEdit = useMayCall('PUT', '/api/profile/{id}').allowed;
  const mayDelete = useMayCall('DELETE', '/api/profile/{id}').allowed;
  const mayRebuild = useMayCall('POST', '/api/profile/{id}/rebuild').allowed;

  const remove = useCallback(
    async (profile: Profile) => {
      try {
        await deleteProfile(profile.id).unwrap();
        void message.success(`Profile of ${fullName(profile)} deleted.`);
      } catch (failure) {
        void message.error(describeFailure(failure));
      }
    },
    [deleteProfile, message],
  );
  const rebuild = useCallback(
    async (profile: Profile) => {
      try {
        await rebuildProfile(profile.id).unwrap();
        void message.success(`Profile of ${fullName(profile)} rebuilt from results.`);
      } catch (failure) {
        void message.error(describeFailure(failure));
      }
    },
    [rebuildProfile, message],
  );
  const columns = useMemo(
    () =>
      profileColumns({
        sort: list.filters.sort,
        onEdit: mayEdit ? onEdit : undefined,
        onDelete: mayDelete ? remove : undefined,
        onRebuild: mayRebuild ? rebuild : undefined,
      }),
    [list.filters.sort, mayEdit, onEdit, mayDelete, remove, mayRebuild, rebuild],
  );

  return (
    <ListTable<Profile, typeof list.filters>
      rowKey="id"
      list={list}
      query={query}
      failure="The profiles could not be loaded."
      columns={columns}
      empty={
        <ListEmpty
          filtered={list.active}
          noMatch="No profile matches these filters"
          onClear={list.cleared}
          title="No profiles yet"
          description={
            <>
              A profile is made for each athlete and testing day when you run an EAPI session: in{' '}
              <Link to={paths.home.programs.manualEntry.path}>Manual Entry</Link>, choose the EAPI
              program (timing apps can send results under it too). Or add one by hand.
            </>
          }
          actions={
            <Permitted call="POST /api/profile" action="add profiles">
              <Button type="primary" icon={<PlusOutlined />} onClick={onAdd}>
                Add profile
              </Button>
            </Permitted>
          }
        />
      }
    />
  );
}
