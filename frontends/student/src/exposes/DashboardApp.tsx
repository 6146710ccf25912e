import { Suspense } from 'react';
import { Navigate, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { Typography } from 'antd';
import { useIntl } from 'react-intl';
import { isGradingRole, type RemoteAppProps } from '@corestone/sdk';
import { AntdRoot } from '@corestone/ui/antd-root';
import { loadCatalog } from '../i18n/catalog';
import { FrameLayout, HeaderSearch, lazyScreen, ScreenLoading, UserBadge, useFrame } from '@corestone/ui/app-frame';
import { navItems, selectedNavKey } from '@corestone/ui/navigation';
import { ProfileLanguageSelect } from '@corestone/ui/language-select';
import { SystemStatus } from '../components/common';
import { navigation } from '../navigation';
import { navLabel } from '../lib/navigationLabels';
import { Overview } from '../pages/Overview';

// The overview comes with the dashboard; every other screen is fetched when its route opens (and
// fetched again by the shell's 'Try Again' if that failed).
const Submissions = lazyScreen(() => import('../pages/Submissions').then((m) => ({ default: m.Submissions })));
const UploadWizard = lazyScreen(() => import('../pages/UploadWizard').then((m) => ({ default: m.UploadWizard })));
const Results = lazyScreen(() => import('../pages/Results').then((m) => ({ default: m.Results })));
const Profile = lazyScreen(() => import('../pages/Profile').then((m) => ({ default: m.Profile })));
const Plans = lazyScreen(() => import('../pages/Plans').then((m) => ({ default: m.Plans })));

/** Exposed as `student/DashboardApp`: everything under /dashboard/* (rendered inside the shell's router). */
export default function DashboardApp(props: RemoteAppProps) {
  return (
    <AntdRoot frame={false} catalog={loadCatalog}>
      <Dashboard {...props} />
    </AntdRoot>
  );
}

function Dashboard(props: RemoteAppProps) {
  const { user, client, logout } = props;
  const navigate = useNavigate();
  const location = useLocation();
  const frame = useFrame();
  const intl = useIntl();
  const grading = isGradingRole(user);
  // 'Search submissions...' filters My Submissions through ?q= (typing elsewhere opens that list)
  const onSubmissions = location.pathname.startsWith('/dashboard/submissions');
  const searchQuery = new URLSearchParams(location.search).get('q') ?? '';
  const search = (q: string) =>
    navigate(q ? `/dashboard/submissions?q=${encodeURIComponent(q)}` : '/dashboard/submissions', { replace: onSubmissions });

  return (
    <FrameLayout
      frame={frame}
      sidebarTestId="dashboard-sidebar"
      maxWidth={1160}
      nav={{
        onBrandClick: () => navigate('/'),
        label: navLabel(intl, 'menu', navigation.label),
        items: navItems(navigation, user).map((item) => ({ ...item, label: navLabel(intl, item.key, item.label) })),
        selectedKey: (pathname) => selectedNavKey(navigation, pathname),
        onLogout: logout,
        footer: (
          <div style={{ marginTop: 14 }}>
            <SystemStatus client={client} />
          </div>
        ),
      }}
      topBar={
        <>
          <HeaderSearch allowClear value={onSubmissions ? searchQuery : ''} onChange={(e) => search(e.target.value)} />
          <div style={{ flex: 1 }} />
          <ProfileLanguageSelect client={client} refreshUser={props.refreshUser} />
          {/* a phone's bar has no room for the name */}
          <UserBadge user={user} name={frame.screens.md && <Typography.Text strong>{user.name}</Typography.Text>} />
        </>
      }
    >
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
    </FrameLayout>
  );
}
