import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { Grid, Layout, Typography } from 'antd';
import type { SessionUser } from '@corestone/sdk';
import { ADMIN_NAV, dashboardNav, SideColumn, SideNav, TopBar, UserBadge, type NavItem } from './AppFrame';

/**
 * The dashboard's (or the back office's) frame, drawn by the shell around the retry screen when the
 * remote that normally draws it cannot be loaded: the menu, Logout and the top bar stay, so a
 * person can still go elsewhere. A chunk of its own (the landing page never needs it), fetched
 * ahead while someone is signed in (`fallbackFrameLoader.tsx`).
 */

export type FrameArea = 'dashboard' | 'admin';

const { Content } = Layout;

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
  const screens = Grid.useBreakpoint();
  const [drawer, setDrawer] = useState(false);
  const items = area === 'admin' ? ADMIN_NAV : dashboardNav(user);

  const sidebar = (
    <SideNav
      onBrandClick={() => navigate('/')}
      label={area === 'admin' ? 'Admin' : 'Dashboard'}
      items={items}
      selectedKey={selectedIn(items)}
      onNavigate={() => {
        setDrawer(false);
        onNavigate();
      }}
      onLogout={logout}
    />
  );

  return (
    <Layout style={{ minHeight: '100vh' }} data-testid="fallback-frame">
      <SideColumn wide={Boolean(screens.lg)} drawerOpen={drawer} onDrawerClose={() => setDrawer(false)}>
        {sidebar}
      </SideColumn>
      <Layout style={{ minWidth: 0 }}>
        <TopBar screens={screens} drawerOpen={drawer} onDrawerOpen={() => setDrawer(true)}>
          <div style={{ flex: 1 }} />
          <UserBadge user={user} name={screens.md && <Typography.Text strong>{user.name}</Typography.Text>} />
        </TopBar>
        <Content style={{ padding: screens.md ? 32 : 16 }}>{children}</Content>
      </Layout>
    </Layout>
  );
}
