import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { Avatar, Grid, Layout, Tag, Typography } from 'antd';
import { ROLE_COLORS, roleLabel, type SessionUser } from '@corestone/sdk';
import { ADMIN_NAV, dashboardNav, HEADER_BAR_STYLE, HEADER_FIXED, MenuButton, NavDrawer, SideNav, type NavItem } from './AppFrame';

/**
 * The dashboard's (or the back office's) frame, drawn by the shell around the retry screen when the
 * remote that normally draws it cannot be loaded: the menu, Logout and the top bar stay, so a
 * person can still go elsewhere. A chunk of its own (the landing page never needs it), fetched
 * ahead while someone is signed in (`fallbackFrameLoader.tsx`).
 */

export type FrameArea = 'dashboard' | 'admin';

const { Sider, Header, Content } = Layout;

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
      brand={
        <Typography.Text strong style={{ fontSize: 18 }}>
          Corestone
        </Typography.Text>
      }
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
      {screens.lg ? (
        <Sider width={248} theme="light" style={{ borderRight: '1px solid #eef0f3', position: 'sticky', top: 0, height: '100vh' }}>
          {sidebar}
        </Sider>
      ) : (
        <NavDrawer open={drawer} onClose={() => setDrawer(false)}>
          {sidebar}
        </NavDrawer>
      )}
      <Layout style={{ minWidth: 0 }}>
        <Header style={screens.md ? HEADER_BAR_STYLE : { ...HEADER_BAR_STYLE, gap: 10, padding: '0 12px' }}>
          {!screens.lg && <MenuButton open={drawer} onOpen={() => setDrawer(true)} />}
          <div style={{ flex: 1 }} />
          <Avatar src={user.avatar} alt="" style={HEADER_FIXED} />
          {screens.md && <Typography.Text strong>{user.name}</Typography.Text>}
          <Tag color={ROLE_COLORS[user.role]} style={{ ...HEADER_FIXED, marginInlineEnd: 0 }}>
            {roleLabel(user.role)}
          </Tag>
        </Header>
        <Content style={{ padding: screens.md ? 32 : 16 }}>{children}</Content>
      </Layout>
    </Layout>
  );
}
