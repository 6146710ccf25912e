import { useEffect, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { Typography } from 'antd';
import type { SessionUser } from '@corestone/sdk';
import { FrameLayout, UserBadge, useFrame } from '@corestone/ui/app-frame';
import { isRemoteNavigation, navItems, selectedNavKey, type RemoteNavigation } from '@corestone/ui/navigation';
import { navigation as adminNavigation } from '@corestone/frontend-admin/navigation';
import { navigation as studentNavigation } from '@corestone/frontend-student/navigation';
import { loadRemoteModule } from '../federation';
import { ProfileLanguageSelect } from '@corestone/ui/language-select';
import { useSession } from '../session';

/**
 * The dashboard's (or the back office's) frame, drawn by the shell around the retry screen when the
 * remote that normally draws it cannot be loaded: the menu, Logout and the top bar stay, so a
 * person can still go elsewhere. A chunk of its own (the landing page never needs it), fetched
 * ahead while someone is signed in (`fallbackFrameLoader.tsx`).
 *
 * The menu is the remote's: its `./navigation` module (plain data), loaded apart from the app, so
 * a remote released after the shell brings its current menu even when its app fails. When that
 * cannot be loaded either (the remote's server or the network is down: nothing of it arrives), the
 * menu the remote had when the shell was built is drawn: the shell compiles each remote's
 * navigation module (never its app) for that. A remote the shell knows nothing of gets a frame
 * without a menu (brand, Logout, top bar).
 */

/** The menus of the remotes this shell was built with, from their own navigation modules. */
const BUILT_WITH: Readonly<Record<string, RemoteNavigation>> = { student: studentNavigation, admin: adminNavigation };

/** The remote's navigation: the one built with at once, the remote's own once it arrives. */
function useRemoteNavigation(remote: string): RemoteNavigation | null {
  const [navigation, setNavigation] = useState<RemoteNavigation | null>(BUILT_WITH[remote] ?? null);
  useEffect(() => {
    let alive = true;
    loadRemoteModule<unknown>(remote, './navigation').then(
      (loaded) => {
        if (alive && isRemoteNavigation(loaded)) setNavigation(loaded);
      },
      () => undefined, // the one built with stays
    );
    return () => {
      alive = false;
    };
  }, [remote]);
  return navigation;
}

export function FallbackFrame({
  remote,
  user,
  logout,
  onNavigate,
  children,
}: {
  /** the remote whose frame this stands in for ('student', 'admin') */
  remote: string;
  user: SessionUser;
  logout: () => void;
  /** a menu item was chosen (the remote is tried again for that page) */
  onNavigate: () => void;
  children: ReactNode;
}) {
  const navigate = useNavigate();
  const frame = useFrame();
  const navigation = useRemoteNavigation(remote);
  const { client, refreshUser } = useSession();

  return (
    <FrameLayout
      frame={frame}
      testId="fallback-frame"
      nav={{
        onBrandClick: () => navigate('/'),
        label: navigation?.label ?? 'Navigation',
        items: navigation ? navItems(navigation, user) : [],
        selectedKey: (pathname) => (navigation ? selectedNavKey(navigation, pathname) : ''),
        onNavigate,
        onLogout: logout,
      }}
      topBar={
        <>
          <div style={{ flex: 1 }} />
          <ProfileLanguageSelect client={client} refreshUser={refreshUser} />
          <UserBadge user={user} name={frame.screens.md && <Typography.Text strong>{user.name}</Typography.Text>} />
        </>
      }
    >
      {children}
    </FrameLayout>
  );
}
