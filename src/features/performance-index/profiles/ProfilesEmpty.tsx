import { Button, Empty, Flex } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useAppDispatch } from '../../../lib/hooks';
import { paths } from '../../../lib/paths';
import { filtersCleared } from './profileFiltersSlice';

/** What an empty table says: how profiles are made, or that the filters hide them. */
export function ProfilesEmpty({ filtered, onAdd }: { filtered: boolean; onAdd: () => void }) {
  const dispatch = useAppDispatch();
  if (filtered)
    return (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No profile matches these filters">
        <Button onClick={() => dispatch(filtersCleared())}>Clear filters</Button>
      </Empty>
    );
  return (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description={
        <>
          <strong>No profiles yet</strong>
          <br />A profile is made for each athlete and testing day when you run an EAPI session: in{' '}
          <Link to={paths.home.programs.manualEntry.path}>Manual Entry</Link>, choose the EAPI
          program (timing apps can send results under it too). Or add one by hand.
        </>
      }
    >
      <Flex gap={8} justify="center" wrap>
        <Button type="primary" icon={<PlusOutlined />} onClick={onAdd}>
          Add profile
        </Button>
      </Flex>
    </Empty>
  );
}
