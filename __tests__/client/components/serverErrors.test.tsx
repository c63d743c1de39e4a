import { useState } from 'react';
import { Button, Form, Input } from 'antd';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describeFailure, placeServerErrors } from '../../../src/components/serverErrors';

interface Values {
  name: string;
  rosterIds: number[];
}

/** A form that "submits" and fails with the given error, showing what was left over. */
function Harness({ error }: { error: unknown }) {
  const [form] = Form.useForm<Values>();
  const [left, setLeft] = useState<string>('');
  return (
    <Form form={form}>
      <Form.Item label="Name" name="name">
        <Input />
      </Form.Item>
      <Form.Item label="Rosters" name="rosterIds">
        <Input />
      </Form.Item>
      <Button
        onClick={() => {
          const { otherFields, messages } = placeServerErrors(form, error, ['name', 'rosterIds']);
          setLeft(`${Object.keys(otherFields).join(',')}|${messages.join(' ')}`);
        }}
      >
        Fail
      </Button>
      <output>{left}</output>
    </Form>
  );
}

const field = (label: string) =>
  screen.getByLabelText(label).closest<HTMLElement>('.ant-form-item')!;

describe('placeServerErrors', () => {
  it('puts messages at their fields, nested names at their first segment, and answers the rest', async () => {
    const error = {
      status: 400,
      data: {
        messages: [],
        fields: {
          name: ['Name is taken.'],
          'rosterIds.1': ['Roster 9 does not exist.'],
          athleteSpots: ['No athlete spots left.'],
        },
      },
    };
    render(<Harness error={error} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Fail' }));
    expect(await within(field('Name')).findByText('Name is taken.')).toBeInTheDocument();
    expect(within(field('Rosters')).getByText('Roster 9 does not exist.')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('athleteSpots|No athlete spots left.');
  });

  it('answers one sentence for a failure that is not a 400', async () => {
    render(<Harness error={{ status: 'FETCH_ERROR', error: 'TypeError' }} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Fail' }));
    expect(screen.getByRole('status')).toHaveTextContent(/^\|The server could not be reached/);
  });
});

describe('describeFailure', () => {
  it("prefers the server's message, then a 400's messages", () => {
    expect(describeFailure({ status: 404, data: { message: 'Not found' } })).toBe('Not found');
    expect(
      describeFailure({ status: 400, data: { messages: ['A.', 'B.'], fields: { a: ['A.'] } } }),
    ).toBe('A. B.');
    expect(describeFailure({ status: 500, data: null })).toMatch(/Something went wrong/);
  });
});
