import { useCallback, useState } from 'react';
import { Button, Flex } from 'antd';
import { FileTextOutlined, PlusOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { IndexFiltersBar } from '../shared/IndexFiltersBar';
import { PageFrame } from '../../../components/PageFrame';
import { Permitted } from '../../../components/Permitted';
import { useAppDispatch, useAppSelector } from '../../../lib/hooks';
import type { IndexFilterChanges } from '../shared/indexFilters';
import { paths } from '../../../lib/paths';
import type { Profile } from './profileApi';
import { ProfileDrawer } from './ProfileDrawer';
import {
  filtersChanged,
  filtersCleared,
  selectProfileFilters,
  selectProfileFiltersActive,
} from './profileFiltersSlice';
import { ProfilesTable } from './ProfilesTable';

/** The drawer being shown: a new profile or one to edit; `key` remounts its form. */
interface Editing {
  key: number;
  profile: Profile | null;
  open: boolean;
}

/**
 * Athlete Profiles: each athlete's index on each testing day (the spec's athlete-profile
 * table, filters in the persisted slice). Built from EAPI results, or added and edited
 * by hand in a drawer; delete with confirmation; a typed-in profile can be rebuilt from
 * the day's results. A viewer sees the profiles and reports, and Add profile disabled.
 */
export default function AthleteProfilesPage() {
  const dispatch = useAppDispatch();
  const filters = useAppSelector(selectProfileFilters);
  const active = useAppSelector(selectProfileFiltersActive);
  const [editing, setEditing] = useState<Editing | null>(null);
  const openDrawer = useCallback(
    (profile: Profile | null) => setEditing({ key: Date.now(), profile, open: true }),
    [],
  );
  const add = useCallback(() => openDrawer(null), [openDrawer]);
  const changed = useCallback(
    (changes: IndexFilterChanges) => dispatch(filtersChanged(changes)),
    [dispatch],
  );

  return (
    <PageFrame
      title={paths.home.athleteProfiles.label}
      extra={
        <Flex gap={16} wrap align="center" className="no-print">
          <Link to={paths.home.reports.eapiIndividual.path}>
            <FileTextOutlined aria-hidden /> EAPI reports
          </Link>
          <Permitted call="POST /api/profile" action="add profiles">
            <Button type="primary" icon={<PlusOutlined />} onClick={add}>
              Add profile
            </Button>
          </Permitted>
        </Flex>
      }
    >
      <IndexFiltersBar
        names
        filters={filters}
        active={active}
        onChange={changed}
        onClear={() => dispatch(filtersCleared())}
      />
      <ProfilesTable onAdd={add} onEdit={openDrawer} />
      {editing && (
        <ProfileDrawer
          key={editing.key}
          profile={editing.profile}
          open={editing.open}
          onClose={() => setEditing((shown) => shown && { ...shown, open: false })}
          onClosed={() => setEditing((shown) => (shown?.key === editing.key ? null : shown))}
        />
      )}
    </PageFrame>
  );
}
