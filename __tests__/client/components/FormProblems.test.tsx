import { Button, Form, Input } from 'antd';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FormProblems } from '../../../src/components/FormProblems';
import { useServerFormErrors } from '../../../src/components/useServerFormErrors';

interface Values {
  url: string;
}

const fieldNames = ['url'] as const;

/** A form whose save fails with the given error; "Retry" clears the alert as a new try does. */
function Harness({ error }: { error: unknown }) {
  const [form] = Form.useForm<Values>();
  const errors = useServerFormErrors(form, fieldNames);
  return (
    <>
      <FormProblems problems={errors.problems} />
      <Form form={form}>
        <Form.Item label="URL" name="url">
          <Input />
        </Form.Item>
        <Button onClick={() => void errors.run(() => Promise.reject(error))}>Save</Button>
        <Button onClick={errors.clear}>Retry</Button>
      </Form>
    </>
  );
}

describe('useServerFormErrors and FormProblems', () => {
  it('puts a 400 at its field and the other fields’ messages in one alert', async () => {
    const error = {
      status: 400,
      data: {
        messages: [],
        fields: { url: ['The address is private.'], events: ['Unknown event.'], other: ['No.'] },
      },
    };
    render(<Harness error={error} />);
    expect(screen.queryByRole('alert')).toBeNull();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const field = screen.getByLabelText('URL').closest<HTMLElement>('.ant-form-item')!;
    expect(await within(field).findByText('The address is private.')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(/^Unknown event\. No\.$/);
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });

  it('shows a failure that is not a 400 as one sentence', async () => {
    render(<Harness error={{ status: 'FETCH_ERROR', error: 'TypeError' }} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/The server could not be reached/);
  });
});
