import { useState, type ReactNode } from 'react';
import { Alert, Form, Modal, type FormInstance } from 'antd';
import { errorMessage } from '@corestone/sdk';

/**
 * A dialog with one form (the School area's and the Schools list's): OK validates the fields, then
 * `onSubmit` runs with their values; while it runs the OK button spins, and when it fails the
 * server's words (or `failure`) stand above the form.
 */
export function FormModal<V>({
  form,
  title,
  okText,
  failure,
  errorTestId,
  initialValues,
  onSubmit,
  onClose,
  children,
}: {
  form: FormInstance<V>;
  title: ReactNode;
  okText: ReactNode;
  /** said when the failure has no words of its own for a person */
  failure: string;
  errorTestId?: string;
  initialValues?: Partial<V>;
  onSubmit: (values: V) => Promise<void>;
  onClose: () => void;
  children: ReactNode;
}) {
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async () => {
    let values: V;
    try {
      values = await form.validateFields();
    } catch {
      return; // the fields say what is wrong under themselves
    }
    setSaving(true);
    setError(null);
    try {
      await onSubmit(values);
    } catch (e) {
      setError(errorMessage(e, failure));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal open title={title} okText={okText} confirmLoading={saving} onOk={() => void submit()} onCancel={onClose} destroyOnHidden>
      {error && <Alert type="error" showIcon style={{ marginBottom: 16 }} title={error} data-testid={errorTestId} />}
      <Form form={form} layout="vertical" initialValues={initialValues} requiredMark={false}>
        {children}
      </Form>
    </Modal>
  );
}
