import type { ReactNode } from 'react';
import { Alert, Button, Drawer, Flex, Form, type FormInstance, type FormProps } from 'antd';

interface FormDrawerProps<Values> {
  form: FormInstance<Values>;
  open: boolean;
  /** "Edit …" or "Add …". */
  title: ReactNode;
  /** The submit button's text: "Save" when editing, "Add athlete" when adding. */
  submitText: ReactNode;
  saving: boolean;
  /** The server's messages that belong to no field (those of a field show at it). */
  errors: string[];
  onClose: () => void;
  /** The closing animation ended; the caller may unmount the drawer. */
  onClosed: () => void;
  onFinish: (values: Values) => void;
  initialValues?: FormProps<Values>['initialValues'];
  onValuesChange?: FormProps<Values>['onValuesChange'];
  size?: number;
  /** Notices above the form's errors (a warning with its way out, a hint). */
  notice?: ReactNode;
  children: ReactNode;
}

/**
 * The add-or-edit drawer of a list's row, one shape for every list: a vertical form
 * (optional fields marked), the messages of no field above it, and Cancel beside the
 * submit button in the footer.
 *
 * @example
 * <FormDrawer form={form} open={open} title="Add athlete" submitText="Add athlete"
 *   saving={creating.isLoading} errors={errors} onClose={onClose} onClosed={onClosed}
 *   onFinish={(values) => void save(values)}>
 *   <AthleteFields rosters={rosters} />
 * </FormDrawer>
 */
export function FormDrawer<Values>({
  form,
  open,
  title,
  submitText,
  saving,
  errors,
  onClose,
  onClosed,
  onFinish,
  initialValues,
  onValuesChange,
  size = 480,
  notice,
  children,
}: FormDrawerProps<Values>) {
  return (
    <Drawer
      open={open}
      title={title}
      size={size}
      onClose={onClose}
      afterOpenChange={(isOpen) => !isOpen && onClosed()}
      footer={
        <Flex gap={8} justify="end">
          <Button onClick={onClose}>Cancel</Button>
          <Button type="primary" loading={saving} onClick={() => form.submit()}>
            {submitText}
          </Button>
        </Flex>
      }
    >
      <Form<Values>
        form={form}
        layout="vertical"
        requiredMark="optional"
        initialValues={initialValues}
        onFinish={onFinish}
        onValuesChange={onValuesChange}
      >
        {notice}
        {errors.length > 0 && (
          <Alert type="error" showIcon style={{ marginBottom: 16 }} title={errors.join(' ')} />
        )}
        {children}
      </Form>
    </Drawer>
  );
}
