import { useState } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FilterDatePicker } from '../../../src/components/FilterDatePicker';

function Harness({ onChange }: { onChange: (value: string | null) => void }) {
  const [value, setValue] = useState<string | null>('2025-03-14');
  return (
    <FilterDatePicker
      aria-label="From"
      placeholder="From"
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    />
  );
}

// One module state for the file: the picker's chunk loads once, as in the browser.
describe('FilterDatePicker', () => {
  it('shows the date in a stand-in until it is used, then is the real picker, open', async () => {
    const user = userEvent.setup();
    const onChange = jest.fn();
    const { container } = render(<Harness onChange={onChange} />);
    const standIn = screen.getByRole('textbox', { name: 'From' });
    expect(standIn).toHaveValue('2025-03-14');
    expect(standIn).toHaveAttribute('readonly');
    expect(container.querySelector('.ant-picker')).toBeNull();

    await user.click(standIn);
    await waitFor(() => expect(container.querySelector('.ant-picker')).not.toBeNull());
    const picker = screen.getByRole('textbox', { name: 'From' });
    await waitFor(() => expect(picker).toHaveFocus());
    expect(picker).not.toHaveAttribute('readonly');
    await waitFor(() => expect(document.querySelector('.ant-picker-dropdown')).not.toBeNull()); // open

    await user.clear(picker);
    await user.type(picker, '2025-04-02{Enter}');
    expect(onChange).toHaveBeenLastCalledWith('2025-04-02');
  });

  it('renders the real picker at once once its code is loaded', () => {
    const { container } = render(<Harness onChange={jest.fn()} />);
    expect(container.querySelector('.ant-picker')).not.toBeNull();
    expect(screen.getByRole('textbox', { name: 'From' })).toHaveValue('2025-03-14');
  });
});
