import type { SessionUser } from '@corestone/sdk';
import DashboardApp from '../src/exposes/DashboardApp';
import { renderRemote } from '../../test-support/remote';
import type { Call } from '../../test-support/helpers';

/** The student remote at `path` for `user`, its calls answered by `handler`; answers the fake fetch's calls and the props. */
export function renderDashboard(path: string, handler: (c: Call) => Response, user: SessionUser) {
  sessionStorage.clear(); // the upload wizard's drafts
  return renderRemote(DashboardApp, '/dashboard/*', { path, handler, user });
}
