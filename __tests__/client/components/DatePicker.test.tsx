import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DatePicker } from '../../../src/components/DatePicker';

function Harness({
  initial,
  onChange,
}: {
  initial: string | null;
  onChange: (value: string | null) => void;
}) {
  const [value, setValue] = useState(initial);
  return (
    <DatePicker
      aria-label="Start date"
      allowClear
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    />
  );
}

describe('DatePicker', () => {
  it('shows an ISO date and answers ISO dates', async () => {
    const user = userEvent.setup();
    const onChange = jest.fn();
    render(<Harness initial="2025-03-14" onChange={onChange} />);
    const input = screen.getByRole('textbox', { name: 'Start date' });
    expect(input).toHaveValue('2025-03-14');

    await user.clear(input);
    await user.type(input, '2025-04-02{Enter}');
    expect(onChange).toHaveBeenLastCalledWith('2025-04-02');
    expect(input).toHaveValue('2025-04-02');
  });

  it('shows nothing for no date', () => {
    render(<Harness initial={null} onChange={jest.fn()} />);
    expect(screen.getByRole('textbox', { name: 'Start date' })).toHaveValue('');
  });
});
