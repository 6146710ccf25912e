import { useState } from 'react';
import { errorMessage, type CorestoneClient, type SessionUser } from '@corestone/sdk';
import { namesMissing, passwordFieldsMissing } from '../lib/account';
import { useIntl } from 'react-intl';

export type Banner = { type: 'success' | 'error'; text: string } | null;

/**
 * The admin's own names and password on Settings: the fields, `saveProfile` (PUT /users/me, then
 * the session's user is read again) and `changePassword` (PUT /users/update-password; the fields
 * are cleared after success, 'Passwords do not match' is said without a call), which one runs
 * (`busy`) and the red/green `banner` with the server's words.
 */
export function useAccountSettings(client: CorestoneClient, user: SessionUser, refreshUser: () => Promise<unknown>) {
  const intl = useIntl();
  const [first, setFirst] = useState(user.first_name);
  const [last, setLast] = useState(user.last_name);
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState<'profile' | 'password' | null>(null);
  const [banner, setBanner] = useState<Banner>(null);

  const saveProfile = async () => {
    setBusy('profile');
    setBanner(null);
    try {
      await client.users.updateMe({ first_name: first.trim(), last_name: last.trim() });
      await refreshUser();
      setBanner({
        type: 'success',
        text: intl.formatMessage({ id: 'accountSettings.profileUpdated', defaultMessage: 'Profile updated successfully' }),
      });
    } catch (e) {
      setBanner({
        type: 'error',
        text: errorMessage(e, intl.formatMessage({ id: 'accountSettings.profileFailed', defaultMessage: 'Failed to update profile' })),
      });
    } finally {
      setBusy(null);
    }
  };

  const changePassword = async () => {
    setBanner(null);
    if (next !== confirm)
      return setBanner({
        type: 'error',
        text: intl.formatMessage({ id: 'accountSettings.passwordsDoNotMatch', defaultMessage: 'Passwords do not match' }),
      });
    setBusy('password');
    try {
      const res = await client.users.updatePassword(current, next);
      if (res.success === false) throw new Error(res.message);
      setBanner({
        type: 'success',
        text: res.message || intl.formatMessage({ id: 'accountSettings.passwordUpdated', defaultMessage: 'Password updated successfully' }),
      });
      setCurrent('');
      setNext('');
      setConfirm('');
    } catch (e) {
      setBanner({
        type: 'error',
        text: errorMessage(e, intl.formatMessage({ id: 'accountSettings.passwordFailed', defaultMessage: 'Failed to update password' })),
      });
    } finally {
      setBusy(null);
    }
  };

  return {
    profile: { first, setFirst, last, setLast, missing: namesMissing(first, last), save: saveProfile },
    password: {
      current,
      setCurrent,
      next,
      setNext,
      confirm,
      setConfirm,
      missing: passwordFieldsMissing(current, next, confirm),
      change: changePassword,
    },
    busy,
    banner,
  };
}
