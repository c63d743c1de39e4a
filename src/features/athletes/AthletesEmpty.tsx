import { Button, Empty, Flex } from 'antd';
import { ImportOutlined, PlusOutlined } from '@ant-design/icons';
import { useAppDispatch } from '../../lib/hooks';
import { filtersCleared } from './athleteFiltersSlice';

interface AthletesEmptyProps {
  /** A roster or a name narrows the list. */
  filtered: boolean;
  onAdd: () => void;
  onImport: () => void;
}

/** What an empty table says, and the next step: add or import, or clear the filters. */
export function AthletesEmpty({ filtered, onAdd, onImport }: AthletesEmptyProps) {
  const dispatch = useAppDispatch();
  if (filtered)
    return (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No athlete matches these filters">
        <Button onClick={() => dispatch(filtersCleared())}>Clear filters</Button>
      </Empty>
    );
  return (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description={
        <>
          <strong>No athletes yet</strong>
          <br />
          Add an athlete or import a CSV
        </>
      }
    >
      <Flex gap={8} justify="center">
        <Button type="primary" icon={<PlusOutlined />} onClick={onAdd}>
          Add athlete
        </Button>
        <Button icon={<ImportOutlined />} onClick={onImport}>
          Import CSV
        </Button>
      </Flex>
    </Empty>
  );
}
