import type { ReactNode } from 'react';
import { Button, Popconfirm } from 'antd';
import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { FormattedMessage } from 'react-intl';

/**
 * A row's Edit and Delete icon buttons (named after the row for screen readers); Delete asks first
 * in a popconfirm whose danger button says 'Delete'.
 */
export function EditDeleteButtons({
  name,
  onEdit,
  confirmTitle,
  confirmText,
  onDelete,
}: {
  name: string;
  onEdit: () => void;
  confirmTitle: string;
  confirmText: ReactNode;
  onDelete: () => void;
}) {
  return (
    <>
      <Button size="small" icon={<EditOutlined />} aria-label={`Edit ${name}`} onClick={onEdit} />
      <Popconfirm
        title={confirmTitle}
        description={confirmText}
        okText={<FormattedMessage id="rowActions.delete" defaultMessage="Delete" />}
        okButtonProps={{ danger: true }}
        onConfirm={onDelete}
      >
        <Button size="small" danger icon={<DeleteOutlined />} aria-label={`Delete ${name}`} />
      </Popconfirm>
    </>
  );
}
