import type { CorestoneClient } from './client';
import type { SessionUser } from './user';

/**
 * Props the shell passes to every component a remote exposes (student ./DashboardApp,
 * ./UploadPage, ./ResultsPage; admin ./AdminApp). Components render inside the shell's router.
 */
export interface RemoteAppProps {
  /** the signed-in, normalised user */
  user: SessionUser;
  /** the shell's API client (one per page: owns the token refresh) */
  client: CorestoneClient;
  /** re-reads /auth/me, updates the shell session, resolves the new user */
  refreshUser: () => Promise<SessionUser | null>;
  /** signs out (server call, tokens cleared) and navigates to / */
  logout: () => Promise<void>;
}
