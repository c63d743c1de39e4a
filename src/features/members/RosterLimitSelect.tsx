import { Select } from 'antd';
import { useListRostersQuery } from '../../lib/api/referenceApi';

interface RosterLimitSelectProps {
  /** The rosters chosen; empty: every roster. Set by the surrounding `Form.Item`. */
  value?: number[];
  onChange?: (value: number[]) => void;
  disabled?: boolean;
  id?: string;
}

/**
 * The rosters a coach or viewer is limited to: several of the workspace's rosters, or
 * none for "All rosters" (the placeholder says so). A form control (`Form.Item`).
 *
 * @example
 * <Form.Item name="rosterIds" label="Rosters"><RosterLimitSelect /></Form.Item>
 */
export function RosterLimitSelect({ value, onChange, disabled, id }: RosterLimitSelectProps) {
  const { data: rosters, isLoading, isError } = useListRostersQuery();
  return (
    <Select<number[]>
      id={id}
      mode="multiple"
      allowClear
      disabled={disabled}
      loading={isLoading}
      placeholder={isError ? 'The rosters could not be loaded' : 'All rosters'}
      value={value}
      onChange={onChange}
      optionFilterProp="label"
      notFoundContent={isLoading ? 'Loading rosters…' : 'No rosters yet'}
      options={(rosters ?? []).map((roster) => ({ value: roster.id, label: roster.name }))}
      style={{ width: '100%' }}
    />
  );
}
