import { lazy, Suspense, useCallback, useEffect, type ReactNode } from 'react';
import { BrowserRouter, Navigate, Outlet, Route, Routes, StaticRouter, useLocation, useNavigate } from 'react-router-dom';
import { Spin } from 'antd';
import { FormattedMessage, useIntl } from 'react-intl';
import { isAdminRole, isGradingRole, isSchoolStaff, type RemoteAppProps } from '@corestone/sdk';
import { AntdRoot } from '@corestone/ui/antd-root';
import { loadCatalog } from './i18n/catalog';
import { PageTitle } from './components/PageTitle';
import { SessionProvider, useSession } from './session';
import { ErrorBoundary } from './components/ErrorBoundary';
import { FullPageLoading } from './components/FullPageLoading';
import { Header } from './components/Header';
import { Footer } from './components/Footer';
import { ModuleError, RemoteView } from './components/RemoteView';
import { InFallbackFrame, preloadFallbackFrame } from './components/fallbackFrameLoader';
import { FirstLoadSplash } from './components/Splash';
import { SkipLink } from './components/SkipLink';
import { Landing } from './pages/Landing';

/*
 * The landing page is in the first chunk; every other page is fetched when its route opens, so `/`
 * does not download the forms, the markdown renderer and the antd components only they use.
 */
const AuthPage = lazy(() => import('./pages/AuthPage').then((m) => ({ default: m.AuthPage })));
const SetupPage = lazy(() => import('./pages/SetupPage').then((m) => ({ default: m.SetupPage })));
const GoogleCallbackPage = lazy(() => import('./pages/GoogleCallbackPage').then((m) => ({ default: m.GoogleCallbackPage })));
const ContactPage = lazy(() => import('./pages/ContactPage').then((m) => ({ default: m.ContactPage })));
const simplePages = () => import('./pages/SimplePages');
const NotFound = lazy(() => simplePages().then((m) => ({ default: m.NotFound })));
const PolicyPage = lazy(() => simplePages().then((m) => ({ default: m.PolicyPage })));
const ResetPasswordPage = lazy(() => simplePages().then((m) => ({ default: m.ResetPasswordPage })));

/** While a page's chunk arrives (a moment on the first visit of that page). */
function PageLoading() {
  const intl = useIntl();
  return (
    <div
      role="status"
      aria-label={intl.formatMessage({ id: 'loading.label', defaultMessage: 'Loading' })}
      style={{ minHeight: '60vh', display: 'flex', alignItems: 'center', justifyContent: 'center' }}
    >
      <Spin size="large" />
    </div>
  );
}

/** Header and footer around public pages; hidden on /dashboard and /admin. */
function PublicLayout() {
  return (
    <div style={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <Header />
      <main id="main" style={{ flex: 1 }}>
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
    </div>
  );
}

function useRemoteProps(): RemoteAppProps | null {
  const session = useSession();
  const navigate = useNavigate();
  // Home first (spec: logout goes to /): once signed out, a dashboard still shown would send to /auth.
  // session.logout() has cleared the session when it returns; the server is told after.
  const logout = useCallback(async () => {
    navigate('/');
    await session.logout();
  }, [session, navigate]);
  if (!session.user) return null;
  return { user: session.user, client: session.client, refreshUser: session.refreshUser, logout };
}

function RequireUser({ children }: { children: ReactNode }) {
  const { user } = useSession();
  const location = useLocation();
  if (!user) return <Navigate to="/auth" replace state={{ from: location.pathname + location.search }} />;
  return <>{children}</>;
}

/**
 * A failure screen inside the shell's stand-in for `remote`'s frame (its menu, Logout, top bar):
 * /dashboard and /admin get their frame from their remote, which is what failed.
 */
function inFrame(remote: string, props: RemoteAppProps) {
  return function framed(screen: ReactNode, retry: () => void) {
    return (
      <InFallbackFrame remote={remote} user={props.user} logout={props.logout} onNavigate={retry}>
        {screen}
      </InFallbackFrame>
    );
  };
}

function StudentRemote({ expose, padded }: { expose: string; padded?: boolean }) {
  const props = useRemoteProps();
  if (!props) return null;
  // the pages under the public header keep that header when they fail; the dashboard needs a frame
  const view = <RemoteView remote="student" expose={expose} props={props} frame={padded ? undefined : inFrame('student', props)} />;
  return padded ? <div style={{ maxWidth: 1100, margin: '0 auto', padding: '96px 20px 48px' }}>{view}</div> : view;
}

function DashboardRoute() {
  const { user } = useSession();
  if (!user) return <Navigate to="/auth" replace />;
  if (isAdminRole(user)) return <Navigate to="/admin" replace />;
  return <StudentRemote expose="./DashboardApp" />;
}

function AdminRoute() {
  const { user } = useSession();
  const props = useRemoteProps();
  // an ended session goes to sign-in (logout has already gone home)
  if (!user || !props) return <Navigate to="/auth" replace />;
  // a school admin has the back office's School area, a school's teachers and admins its Classes area; the admin remote keeps them to those
  if (!isAdminRole(user) && !isSchoolStaff(user)) return <Navigate to="/" replace />;
  return (
    <RemoteView
      remote="admin"
      expose="./AdminApp"
      props={props}
      unavailable={(error, retry) => (
        <ModuleError
          error={error}
          retry={retry}
          title={<FormattedMessage id="remote.adminFailedTitle" defaultMessage="The admin area could not be loaded" />}
          subTitle={
            <FormattedMessage
              id="remote.adminFailed"
              defaultMessage="The administrator back office is not available right now. Please try again in a moment; the rest of Corestone keeps working."
            />
          }
        />
      )}
      frame={inFrame('admin', props)}
    />
  );
}

/** Fetches the fallback frame's chunk while the browser is idle once someone is signed in. */
function usePreloadedFallbackFrame(signedIn: boolean) {
  useEffect(() => {
    if (!signedIn) return;
    const preload = () => void preloadFallbackFrame().catch(() => undefined);
    if (typeof requestIdleCallback === 'function') {
      const id = requestIdleCallback(preload, { timeout: 5000 });
      return () => cancelIdleCallback(id);
    }
    const id = setTimeout(preload, 1000);
    return () => clearTimeout(id);
  }, [signedIn]);
}

function PlansRoute() {
  const { user } = useSession();
  if (!user) return <Navigate to="/auth" replace state={{ from: '/plans' }} />;
  return <Navigate to={isGradingRole(user) ? '/dashboard/plans' : '/dashboard'} replace />;
}

function AppRoutes() {
  const { status } = useSession();
  usePreloadedFallbackFrame(status === 'signed-in');
  if (status === 'initialising') return <FullPageLoading />;
  return (
    <Suspense fallback={<FullPageLoading title={<FormattedMessage id="loading.page" defaultMessage="Loading…" />} subtitle="" />}>
      <AppRoutesTable />
    </Suspense>
  );
}

function AppRoutesTable() {
  return (
    <Routes>
      <Route element={<PublicLayout />}>
        <Route index element={<Landing />} />
        <Route path="auth" element={<AuthPage />} />
        <Route path="reset-password" element={<ResetPasswordPage />} />
        <Route path="setup" element={<SetupPage />} />
        <Route path="contact" element={<ContactPage />} />
        <Route path="privacy-policy" element={<PolicyPage resource="privacy" />} />
        <Route path="safeguarding-policy" element={<PolicyPage resource="safeguarding" />} />
        <Route path="client-terms" element={<PolicyPage resource="client-terms" />} />
        <Route path="academic-integrity-policy" element={<PolicyPage resource="academic-integrity" />} />
        <Route
          path="upload/:type"
          element={
            <RequireUser>
              <StudentRemote expose="./UploadPage" padded />
            </RequireUser>
          }
        />
        <Route
          path="results/:id"
          element={
            <RequireUser>
              <StudentRemote expose="./ResultsPage" padded />
            </RequireUser>
          }
        />
        <Route
          path="report/:id"
          element={
            <RequireUser>
              <StudentRemote expose="./ReportPage" padded />
            </RequireUser>
          }
        />
        <Route path="plans" element={<PlansRoute />} />
        <Route path="*" element={<NotFound />} />
      </Route>
      <Route path="auth/google/callback" element={<GoogleCallbackPage />} />
      <Route path="dashboard/*" element={<DashboardRoute />} />
      <Route path="admin/*" element={<AdminRoute />} />
    </Routes>
  );
}

export interface RootProps {
  /** Render this location without a browser (the build's prerender of `/`); the browser's URL otherwise. */
  location?: string;
  /**
   * Whether React shows the first-load splash. A prerendered page brings its own static splash
   * (prerender/landingHtml.js), shown from the first paint, so React must not add a second one.
   */
  splash?: boolean;
}

export function Root({ location, splash = true }: RootProps) {
  const app = (
    <>
      <SkipLink />
      <SessionProvider>
        <PageTitle />
        <AppRoutes />
      </SessionProvider>
      {splash && <FirstLoadSplash />}
    </>
  );
  return (
    <ErrorBoundary>
      <AntdRoot catalog={loadCatalog}>
        {location === undefined ? <BrowserRouter>{app}</BrowserRouter> : <StaticRouter location={location}>{app}</StaticRouter>}
      </AntdRoot>
    </ErrorBoundary>
  );
}
