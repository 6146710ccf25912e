import { Suspense, useState } from 'react';
import { Navigate, Route, Routes, useNavigate } from 'react-router-dom';
import { Button, Typography } from 'antd';
import { LogoutOutlined } from '@ant-design/icons';
import type { RemoteAppProps } from '@corestone/sdk';
import { AntdRoot } from '@corestone/ui/antd-root';
import { loadCatalog } from '../i18n/catalog';
import { FrameLayout, HeaderSearch, lazyScreen, ScreenLoading, UserBadge, useFrame } from '@corestone/ui/app-frame';
import { navItems, selectedNavKey } from '@corestone/ui/navigation';
import { ProfileLanguageSelect } from '@corestone/ui/language-select';
import { SystemIndicator } from '../components/common';
import { afterLeaveAgreed } from '../lib/leaveGuard';
import { mayEnterBackOffice, schoolAreaOnly, schoolStaffHome } from '../lib/schools';
import { navigation } from '../navigation';
import { navLabel } from '../navigationLabels';
import { Overview } from '../pages/Overview';
import { FormattedMessage, useIntl } from 'react-intl';

// The overview comes with the back office; every other screen is fetched when its route opens.
const Submissions = lazyScreen(() => import('../pages/Submissions').then((m) => ({ default: m.Submissions })));
const SubmissionDetail = lazyScreen(() => import('../pages/SubmissionDetail').then((m) => ({ default: m.SubmissionDetail })));
const Users = lazyScreen(() => import('../pages/Users').then((m) => ({ default: m.Users })));
const Rubrics = lazyScreen(() => import('../pages/Rubrics').then((m) => ({ default: m.Rubrics })));
const Links = lazyScreen(() => import('../pages/Links').then((m) => ({ default: m.Links })));
const Policies = lazyScreen(() => import('../pages/Policies').then((m) => ({ default: m.Policies })));
const Settings = lazyScreen(() => import('../pages/Settings').then((m) => ({ default: m.Settings })));
const Analytics = lazyScreen(() => import('../pages/Analytics').then((m) => ({ default: m.Analytics })));
const Assess = lazyScreen(() => import('../pages/Assess').then((m) => ({ default: m.Assess })));
const Enquiries = lazyScreen(() => import('../pages/Enquiries').then((m) => ({ default: m.Enquiries })));
const TokTitles = lazyScreen(() => import('../pages/TokTitles').then((m) => ({ default: m.TokTitles })));
const Schools = lazyScreen(() => import('../pages/Schools').then((m) => ({ default: m.Schools })));
const MySchool = lazyScreen(() => import('../pages/School').then((m) => ({ default: m.MySchool })));
const SchoolById = lazyScreen(() => import('../pages/School').then((m) => ({ default: m.SchoolById })));
const Classes = lazyScreen(() => import('../pages/Classes').then((m) => ({ default: m.Classes })));
const Review = lazyScreen(() => import('../pages/Review').then((m) => ({ default: m.Review })));
const Agreement = lazyScreen(() => import('../pages/Agreement').then((m) => ({ default: m.Agreement })));

/**
 * Exposed as `admin/AdminApp`: everything under /admin/* (rendered inside the shell's router).
 * Reading B of spec §2: anyone who is not admin or super admin is sent to /auth — except an active
 * school admin (issue 30), who sees only their School area (/admin/school), and a school's teachers
 * and admins, who have the Classes area (issue 31: assignments, gradebook, review, agreement).
 */
export default function AdminApp(props: RemoteAppProps) {
  return (
    <AntdRoot frame={false} catalog={loadCatalog}>
      <BackOffice {...props} />
    </AntdRoot>
  );
}

function BackOffice(props: RemoteAppProps) {
  const { user, client, logout } = props;
  const navigate = useNavigate();
  const intl = useIntl();
  const frame = useFrame();
  const { screens } = frame;
  const [search, setSearch] = useState('');

  if (!mayEnterBackOffice(user)) return <Navigate to="/auth" replace />;
  const schoolOnly = schoolAreaOnly(user);
  // unsaved changes on a screen are asked about first: logout ends the session before it navigates
  const signOut = () => afterLeaveAgreed(() => void logout());

  const userName = (
    <Typography.Text strong data-testid="admin-user-name" ellipsis style={{ maxWidth: 220 }}>
      {user.name}
    </Typography.Text>
  );

  const runSearch = (q: string) => {
    const query = q.trim();
    navigate(query ? `/admin/submissions?q=${encodeURIComponent(query)}` : '/admin/submissions');
  };

  return (
    <FrameLayout
      frame={frame}
      testId="admin-layout"
      maxWidth={1240}
      styles={{ page: { background: '#fff' }, topBar: { background: '#fff' }, content: { background: '#f6f8fb' } }}
      nav={{
        brand: (
          <div style={{ lineHeight: 1.1 }}>
            <Typography.Text strong style={{ fontSize: 18, display: 'block' }}>
              Corestone
            </Typography.Text>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              <FormattedMessage id="frame.adminConsole" defaultMessage="Admin Console" />
            </Typography.Text>
          </div>
        ),
        label: navLabel(intl, 'menu', navigation.label),
        items: navItems(navigation, user).map((item) => ({ ...item, label: navLabel(intl, item.key, item.label) })),
        selectedKey: (pathname) => selectedNavKey(navigation, pathname),
        onLogout: signOut,
        footer: !screens.md && (
          <div style={{ marginTop: 12, textAlign: 'center' }} data-testid="admin-drawer-user">
            {userName}
          </div>
        ),
      }}
      topBar={
        <>
          {!schoolOnly && (
            <HeaderSearch value={search} onChange={(e) => setSearch(e.target.value)} onPressEnter={() => runSearch(search)} />
          )}
          <div style={{ flex: 1 }} />
          {screens.md && <SystemIndicator client={client} />}
          <ProfileLanguageSelect client={client} refreshUser={props.refreshUser} />
          {/* below md the name is in the drawer (under Logout): a phone's bar has no room for it */}
          <UserBadge user={user} name={screens.md && userName} roleTestId="admin-user-role" />
          {screens.lg && (
            <Button
              type="text"
              icon={<LogoutOutlined />}
              onClick={signOut}
              aria-label={intl.formatMessage({ id: 'frame.logout', defaultMessage: 'Logout' })}
            />
          )}
        </>
      }
    >
      <Suspense fallback={<ScreenLoading />}>
        {schoolOnly ? (
          <Routes>
            <Route path="school/*" element={<MySchool {...props} />} />
            {/* a school's address: their own school, or "not found" for any other (the server answers 404) */}
            <Route path="schools/:id/*" element={<SchoolById {...props} />} />
            <Route path="classes/*" element={<Classes {...props} />} />
            <Route path="review/:id" element={<Review {...props} />} />
            <Route path="agreement" element={<Agreement {...props} />} />
            <Route path="*" element={<Navigate to={schoolStaffHome(user)} replace />} />
          </Routes>
        ) : (
          <Routes>
            <Route index element={<Overview {...props} />} />
            <Route path="submissions" element={<Submissions {...props} />} />
            <Route path="submissions/:id" element={<SubmissionDetail {...props} />} />
            <Route path="evaluations/:id" element={<SubmissionDetail {...props} />} />
            <Route path="users" element={<Users {...props} />} />
            <Route path="rubrics" element={<Rubrics {...props} />} />
            <Route path="links" element={<Links {...props} />} />
            <Route path="policies" element={<Policies {...props} />} />
            <Route path="tok-titles" element={<TokTitles {...props} />} />
            <Route path="enquiries" element={<Enquiries {...props} />} />
            <Route path="schools" element={<Schools {...props} />} />
            <Route path="schools/:id/*" element={<SchoolById {...props} />} />
            <Route path="school/*" element={<MySchool {...props} />} />
            <Route path="classes/*" element={<Classes {...props} />} />
            <Route path="review/:id" element={<Review {...props} />} />
            <Route path="agreement" element={<Agreement {...props} />} />
            <Route path="settings" element={<Settings {...props} />} />
            <Route path="analytics" element={<Analytics {...props} />} />
            <Route path="assess" element={<Assess {...props} />} />
            <Route path="*" element={<Navigate to="/admin" replace />} />
          </Routes>
        )}
      </Suspense>
    </FrameLayout>
  );
}
