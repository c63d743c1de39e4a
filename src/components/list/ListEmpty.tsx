import type { ReactNode } from 'react';
import { Button, Empty, Flex } from 'antd';

interface ListEmptyProps {
  /** A filter narrows the list: the filters hide rows, and clearing them is the way out. */
  filtered: boolean;
  /** What a filtered empty list says, e.g. "No athlete matches these filters". */
  noMatch: ReactNode;
  onClear: () => void;
  /** An empty list without filters: its title ("No athletes yet")… */
  title: ReactNode;
  /** …how rows come to be… */
  description?: ReactNode;
  /** …and the buttons of the next step (add, import). */
  actions?: ReactNode;
}

/**
 * What an empty table says, one way for every list: with filters on, that nothing
 * matches and a button to clear them; without, that there is nothing yet, how rows come
 * to be, and the next step.
 *
 * @example
 * <ListEmpty filtered={list.active} noMatch="No athlete matches these filters"
 *   onClear={list.cleared} title="No athletes yet" description="Add an athlete or import a CSV"
 *   actions={<Button onClick={onAdd}>Add athlete</Button>} />
 */
export function ListEmpty({
  filtered,
  noMatch,
  onClear,
  title,
  description,
  actions,
}: ListEmptyProps) {
  if (filtered)
    return (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={noMatch}>
        <Button onClick={onClear}>Clear filters</Button>
      </Empty>
    );
  return (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description={
        <>
          <strong>{title}</strong>
          {description && (
            <>
              <br />
              {description}
            </>
          )}
        </>
      }
    >
      {actions && (
        <Flex gap={8} justify="center" wrap>
          {actions}
        </Flex>
      )}
    </Empty>
  );
}
