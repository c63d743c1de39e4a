import { useState } from 'react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FilterInputNumber, FilterSelect, labelOf } from '../../../src/components/FilterSelect';

const sports = [
  { value: 1, label: 'Football' },
  { value: 2, label: 'Soccer' },
];

function SelectHarness({ onChange }: { onChange: (value?: number) => void }) {
  const [value, setValue] = useState<number | null>(1);
  return (
    <FilterSelect
      aria-label="Sport"
      placeholder="Sport"
      allowClear
      style={{ width: 130 }}
      value={value}
      options={sports}
      onChange={(next?: number) => {
        setValue(next ?? null);
        onChange(next);
      }}
    />
  );
}

describe('labelOf', () => {
  it("is the chosen option's label, or nothing", () => {
    expect(labelOf(sports, 2)).toBe('Soccer');
    expect(labelOf(sports, null)).toBe('');
    expect(labelOf(sports, 3)).toBe('');
    expect(labelOf(undefined, 1)).toBe('');
  });
});

// One module state for the file: the controls' chunk loads once, as in the browser.
describe('FilterSelect and FilterInputNumber', () => {
  it('show their value in a stand-in until used, then are the real controls', async () => {
    const user = userEvent.setup();
    const onChange = jest.fn();
    const { container } = render(<SelectHarness onChange={onChange} />);
    const standIn = screen.getByRole('textbox', { name: 'Sport' });
    expect(standIn).toHaveValue('Football');
    expect(standIn).toHaveAttribute('readonly');
    expect(container.querySelector('.ant-select')).toBeNull();

    // A click swaps in antd's Select, focused and open; choosing an option is kept.
    await user.click(standIn);
    const select = await screen.findByRole('combobox', { name: 'Sport' });
    await waitFor(() => expect(select).toHaveFocus());
    const list = await screen.findByRole('listbox');
    expect(list).toBeInTheDocument();
    await user.click(within(document.body).getByTitle('Soccer'));
    expect(onChange).toHaveBeenLastCalledWith(2);
    expect(container.querySelector('.ant-select')).toHaveTextContent('Soccer');
  });

  it('renders the real select at once once its code is loaded', () => {
    const { container } = render(<SelectHarness onChange={jest.fn()} />);
    expect(container.querySelector('.ant-select')).not.toBeNull();
    expect(screen.getByRole('combobox', { name: 'Sport' })).toBeInTheDocument();
  });

  it('takes a number typed once the field is reached', async () => {
    const user = userEvent.setup();
    const onChange = jest.fn();
    function NumberHarness() {
      const [value, setValue] = useState<number | null>(5);
      return (
        <FilterInputNumber
          aria-label="Athletes per board"
          min={1}
          value={value}
          onChange={(next) => {
            setValue(next);
            onChange(next);
          }}
        />
      );
    }
    render(<NumberHarness />);
    // Its chunk is the select's, loaded by the first test: the real field at once.
    const field = screen.getByRole('spinbutton', { name: 'Athletes per board' });
    expect(field).toHaveValue('5');
    await user.clear(field);
    await user.type(field, '10');
    expect(onChange).toHaveBeenLastCalledWith(10);
  });
});
