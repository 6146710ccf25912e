import { useCallback, useEffect, useState } from 'react';
import { App } from 'antd';
import { errorMessage, type CorestoneClient, type Role, type User } from '@corestone/sdk';
import { userCounters } from '../lib/users';
import { useIntl } from 'react-intl';
import { useIntlRef } from '@corestone/ui/i18n';

/**
 * The user list for a search (`query`, already debounced) and a role (GET /users, the list stays
 * while it is fetched again), the counters over every user (a second, unfiltered GET), and the
 * row actions: `toggle` (activate / deactivate) and `remove`, each said in a toast and followed by
 * both lists again.
 */
export function useUsers(client: CorestoneClient, query: string, role: Role | '') {
  const intlRef = useIntlRef();
  const { message } = App.useApp();
  const intl = useIntl();
  const [all, setAll] = useState<User[]>([]);
  const [list, setList] = useState<{ users: User[]; loading: boolean; error?: string }>({ users: [], loading: true });
  const [tick, setTick] = useState(0);

  useEffect(() => {
    let alive = true;
    setList((s) => ({ ...s, loading: true, error: undefined }));
    client.users.list({ search: query || undefined, role: role || undefined, limit: 1000 }).then(
      (r) => alive && setList({ users: r.users, loading: false }),
      (e) =>
        alive &&
        setList({
          users: [],
          loading: false,
          error: errorMessage(e, intlRef.current.formatMessage({ id: 'useUsers.loadFailed', defaultMessage: 'Failed to load users' })),
        }),
    );
    return () => {
      alive = false;
    };
  }, [client, query, role, tick, intlRef]);

  useEffect(() => {
    client.users.list({ limit: 1000 }).then(
      (r) => setAll(r.users),
      () => undefined,
    );
  }, [client, tick]);

  const reload = useCallback(() => setTick((n) => n + 1), []);

  const toggle = async (u: User) => {
    try {
      await client.users.setActive(u.id, !u.is_active);
      message.success(
        u.is_active
          ? intl.formatMessage({ id: 'useUsers.userDeactivated', defaultMessage: 'User deactivated' })
          : intl.formatMessage({ id: 'useUsers.userActivated', defaultMessage: 'User activated' }),
      );
      reload();
    } catch (e) {
      message.error(
        errorMessage(e, intl.formatMessage({ id: 'useUsers.failedToUpdateUser', defaultMessage: 'Failed to update user status' })),
      );
    }
  };
  const remove = async (u: User) => {
    try {
      await client.users.remove(u.id);
      message.success(intl.formatMessage({ id: 'useUsers.userDeleted', defaultMessage: 'User deleted' }));
      reload();
    } catch (e) {
      message.error(errorMessage(e, intl.formatMessage({ id: 'useUsers.failedToDeleteUser', defaultMessage: 'Failed to delete user' })));
    }
  };

  return { list, counters: userCounters(all), reload, toggle, remove };
}
