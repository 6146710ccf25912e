import { Suspense, useState } from 'react';
import { Navigate, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { Avatar, Grid, Input, Layout, Tag, Typography } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { isGradingRole, ROLE_COLORS, roleLabel, type RemoteAppProps } from '@corestone/sdk';
import { AntdRoot } from '@corestone/frontend-shell/antd-root';
import {
  dashboardNav,
  HEADER_BAR_STYLE,
  HEADER_FIXED,
  HEADER_SEARCH,
  lazyScreen,
  MenuButton,
  NavDrawer,
  ScreenLoading,
  SideNav,
} from '@corestone/frontend-shell/app-frame';
import { SystemStatus } from '../components/common';
import { Overview } from '../pages/Overview';

// The overview comes with the dashboard; every other screen is fetched when its route opens (and
// fetched again by the shell's 'Try Again' if that failed).
const Submissions = lazyScreen(() => import('../pages/Submissions').then((m) => ({ default: m.Submissions })));
const UploadWizard = lazyScreen(() => import('../pages/UploadWizard').then((m) => ({ default: m.UploadWizard })));
const Results = lazyScreen(() => import('../pages/Results').then((m) => ({ default: m.Results })));
const Profile = lazyScreen(() => import('../pages/Profile').then((m) => ({ default: m.Profile })));
const Plans = lazyScreen(() => import('../pages/Plans').then((m) => ({ default: m.Plans })));

const { Sider, Header, Content } = Layout;
const SIDEBAR_WIDTH = 248;

function selectedKey(path: string): string {
  if (path.startsWith('/dashboard/upload/ee')) return 'upload-ee';
  if (path.startsWith('/dashboard/upload/tok')) return 'upload-tok';
  if (path.startsWith('/dashboard/plans')) return 'plans';
  if (path.startsWith('/dashboard/profile')) return 'profile';
  if (path.startsWith('/dashboard/submissions') || path.startsWith('/dashboard/results')) return 'submissions';
  return 'overview';
}

/** Exposed as `student/DashboardApp`: everything under /dashboard/* (rendered inside the shell's router). */
export default function DashboardApp(props: RemoteAppProps) {
  return (
    <AntdRoot frame={false}>
      <Dashboard {...props} />
    </AntdRoot>
  );
}

function Dashboard(props: RemoteAppProps) {
  const { user, client, logout } = props;
  const navigate = useNavigate();
  const location = useLocation();
  const screens = Grid.useBreakpoint();
  const [drawer, setDrawer] = useState(false);
  const grading = isGradingRole(user);
  // 'Search submissions...' filters My Submissions through ?q= (typing elsewhere opens that list)
  const onSubmissions = location.pathname.startsWith('/dashboard/submissions');
  const searchQuery = new URLSearchParams(location.search).get('q') ?? '';
  const search = (q: string) =>
    navigate(q ? `/dashboard/submissions?q=${encodeURIComponent(q)}` : '/dashboard/submissions', { replace: onSubmissions });

  const items = dashboardNav(user);

  const sidebar = (
    <SideNav
      brand={
        <Typography.Text strong style={{ fontSize: 18 }}>
          Corestone
        </Typography.Text>
      }
      onBrandClick={() => navigate('/')}
      label="Dashboard"
      items={items}
      selectedKey={selectedKey}
      onNavigate={() => setDrawer(false)}
      onLogout={logout}
      footer={
        <div style={{ marginTop: 14 }}>
          <SystemStatus client={client} />
        </div>
      }
    />
  );

  return (
    <Layout style={{ minHeight: '100vh' }}>
      {screens.lg ? (
        // the column runs the whole page height (however long the page); its content stays in view
        <Sider
          width={SIDEBAR_WIDTH}
          theme="light"
          data-testid="dashboard-sidebar"
          style={{ borderRight: '1px solid #eef0f3', minHeight: '100vh' }}
        >
          <div style={{ position: 'sticky', top: 0, height: '100vh' }}>{sidebar}</div>
        </Sider>
      ) : (
        <NavDrawer open={drawer} onClose={() => setDrawer(false)}>
          {sidebar}
        </NavDrawer>
      )}
      <Layout style={{ minHeight: '100vh', minWidth: 0 }}>
        <Header style={screens.md ? HEADER_BAR_STYLE : { ...HEADER_BAR_STYLE, gap: 10, padding: '0 12px' }}>
          {!screens.lg && <MenuButton open={drawer} onOpen={() => setDrawer(true)} />}
          <Input
            prefix={<SearchOutlined />}
            placeholder="Search submissions..."
            style={HEADER_SEARCH}
            variant="filled"
            aria-label="Search submissions"
            allowClear
            value={onSubmissions ? searchQuery : ''}
            onChange={(e) => search(e.target.value)}
          />
          <div style={{ flex: 1 }} />
          <Avatar src={user.avatar} alt="" style={HEADER_FIXED} />
          {/* a phone's bar has no room for the name */}
          {screens.md && <Typography.Text strong>{user.name}</Typography.Text>}
          <Tag color={ROLE_COLORS[user.role]} style={{ ...HEADER_FIXED, marginInlineEnd: 0 }}>
            {roleLabel(user.role)}
          </Tag>
        </Header>
        <Content style={{ padding: screens.md ? 32 : 16 }}>
          <div style={{ maxWidth: 1160, margin: '0 auto' }}>
            <Suspense fallback={<ScreenLoading />}>
              <Routes>
                <Route index element={<Overview {...props} />} />
                <Route path="submissions" element={<Submissions {...props} />} />
                <Route path="upload/:type" element={<UploadWizard {...props} />} />
                <Route path="results/:id" element={<Results {...props} />} />
                <Route path="profile" element={<Profile {...props} />} />
                <Route path="plans" element={grading ? <Plans {...props} /> : <Navigate to="/dashboard" replace />} />
                <Route path="*" element={<Navigate to="/dashboard" replace />} />
              </Routes>
            </Suspense>
          </div>
        </Content>
      </Layout>
    </Layout>
  );
}
