import { useRef, useState } from 'react';
import { App as AntApp, Avatar, Button, Space } from 'antd';
import { CameraOutlined, DeleteOutlined } from '@ant-design/icons';
import { useIntl } from 'react-intl';
import type { RemoteAppProps } from '@corestone/sdk';
import { AVATAR_ACCEPT, avatarFailureText, checkAvatar, hasUploadedAvatar } from '../lib/avatar';

/** Avatar with upload (POST /users/me/avatar) and removal (DELETE /users/me/avatar); the user is refreshed after each. */
export function AvatarEditor({ user, client, refreshUser }: Pick<RemoteAppProps, 'user' | 'client' | 'refreshUser'>) {
  const { notification } = AntApp.useApp();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState<'upload' | 'remove' | null>(null);
  const intl = useIntl();

  const fail = (description: string) =>
    notification.error({
      title: intl.formatMessage({ id: 'avatar.notUpdated', defaultMessage: 'Avatar Not Updated' }),
      description,
      duration: 7,
    });

  const upload = async (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    const problem = checkAvatar(file, intl);
    if (problem) return fail(problem);
    setBusy('upload');
    try {
      await client.users.uploadAvatar(file);
      await refreshUser();
      notification.success({ title: intl.formatMessage({ id: 'avatar.updated', defaultMessage: 'Avatar Updated' }), duration: 5 });
    } catch (e) {
      fail(avatarFailureText(e, intl));
    } finally {
      setBusy(null);
    }
  };

  const remove = async () => {
    setBusy('remove');
    try {
      await client.users.removeAvatar();
      await refreshUser();
      notification.success({ title: intl.formatMessage({ id: 'avatar.removed', defaultMessage: 'Avatar Removed' }), duration: 5 });
    } catch {
      fail(intl.formatMessage({ id: 'avatar.removeFailed', defaultMessage: 'Failed to remove avatar' }));
    } finally {
      setBusy(null);
    }
  };

  return (
    <Space orientation="vertical" align="center" size={8}>
      <Avatar
        src={user.avatar}
        size={80}
        alt={intl.formatMessage({ id: 'avatar.alt', defaultMessage: "{name}'s avatar" }, { name: user.name })}
        data-testid="profile-avatar"
      />
      <input
        ref={input}
        type="file"
        accept={AVATAR_ACCEPT}
        hidden
        aria-label={intl.formatMessage({ id: 'avatar.input', defaultMessage: 'Avatar image' })}
        data-testid="avatar-input"
        onChange={(e) => upload(e.target.files?.[0])}
      />
      <Space size={4}>
        <Button size="small" icon={<CameraOutlined />} loading={busy === 'upload'} onClick={() => input.current?.click()}>
          {hasUploadedAvatar(user.avatar)
            ? intl.formatMessage({ id: 'avatar.change', defaultMessage: 'Change' })
            : intl.formatMessage({ id: 'avatar.upload', defaultMessage: 'Upload' })}
        </Button>
        {hasUploadedAvatar(user.avatar) && (
          <Button
            size="small"
            danger
            icon={<DeleteOutlined />}
            loading={busy === 'remove'}
            onClick={remove}
            aria-label={intl.formatMessage({ id: 'avatar.removeLabel', defaultMessage: 'Remove avatar' })}
          >
            {intl.formatMessage({ id: 'common.remove', defaultMessage: 'Remove' })}
          </Button>
        )}
      </Space>
    </Space>
  );
}
