import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { Input, type InputProps } from 'antd';
import { SearchOutlined } from '@ant-design/icons';

interface DebouncedSearchProps extends Omit<InputProps, 'value' | 'onChange'> {
  /** The query in effect (from the store). */
  value: string;
  /** Called with the typed text once typing pauses for `delay` ms; at once when cleared. */
  onSearch: (query: string) => void;
  delay?: number;
}

/**
 * A search box that shows what is typed at once and searches when typing pauses, so a
 * table is not refetched on every key. When `value` changes from outside (filters
 * cleared) the box follows it and forgets what was pending.
 *
 * @example
 * <DebouncedSearch aria-label="Search last names" value={filters.lastNameQuery}
 *   onSearch={(query) => dispatch(filtersChanged({ lastNameQuery: query }))} />
 */
export function DebouncedSearch({
  value,
  onSearch,
  delay = 300,
  ...inputProps
}: DebouncedSearchProps) {
  const [text, setText] = useState(value);
  const searched = useRef(value);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    if (value === searched.current) return;
    searched.current = value;
    clearTimeout(timer.current);
    setText(value);
  }, [value]);
  useEffect(() => () => clearTimeout(timer.current), []);

  function search(query: string) {
    searched.current = query;
    onSearch(query);
  }

  function onChange(event: ChangeEvent<HTMLInputElement>) {
    const next = event.target.value;
    setText(next);
    clearTimeout(timer.current);
    // Spaces around a name never help it match.
    if (next.trim() === '') search('');
    else timer.current = setTimeout(() => search(next.trim()), delay);
  }

  return (
    <Input
      allowClear
      prefix={<SearchOutlined aria-hidden />}
      {...inputProps}
      value={text}
      onChange={onChange}
    />
  );
}
