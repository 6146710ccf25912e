import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { Typography } from 'antd';
import type { SessionUser } from '@corestone/sdk';
import { ADMIN_NAV, dashboardNav, FrameLayout, UserBadge, useFrame, type NavItem } from './AppFrame';

/**
 * The dashboard's (or the back office's) frame, drawn by the shell around the retry screen when the
 * remote that normally draws it cannot be loaded: the menu, Logout and the top bar stay, so a
 * person can still go elsewhere. A chunk of its own (the landing page never needs it), fetched
 * ahead while someone is signed in (`fallbackFrameLoader.tsx`).
 */

export type FrameArea = 'dashboard' | 'admin';

/** The item whose path is the longest prefix of `pathname` (a remote knows finer rules; this is enough here). */
const selectedIn = (items: readonly NavItem[]) => (pathname: string) =>
  items.filter((i) => pathname === i.path || pathname.startsWith(`${i.path}/`)).sort((a, b) => b.path.length - a.path.length)[0]?.key ??
  items[0]!.key;

export function FallbackFrame({
  area,
  user,
  logout,
  onNavigate,
  children,
}: {
  area: FrameArea;
  user: SessionUser;
  logout: () => void;
  /** a menu item was chosen (the remote is tried again for that page) */
  onNavigate: () => void;
  children: ReactNode;
}) {
  const navigate = useNavigate();
  const frame = useFrame();
  const items = area === 'admin' ? ADMIN_NAV : dashboardNav(user);

  return (
    <FrameLayout
      frame={frame}
      testId="fallback-frame"
      nav={{
        onBrandClick: () => navigate('/'),
        label: area === 'admin' ? 'Admin' : 'Dashboard',
        items,
        selectedKey: selectedIn(items),
        onNavigate,
        onLogout: logout,
      }}
      topBar={
        <>
          <div style={{ flex: 1 }} />
          <UserBadge user={user} name={frame.screens.md && <Typography.Text strong>{user.name}</Typography.Text>} />
        </>
      }
    >
      {children}
    </FrameLayout>
  );
}
