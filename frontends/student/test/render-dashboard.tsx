import { render } from '../../test-support/render';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { App as AntApp } from 'antd';
import { createClient, type RemoteAppProps, type SessionUser } from '@corestone/sdk';
import DashboardApp from '../src/exposes/DashboardApp';
import { fakeFetch, type Call } from '../../test-support/helpers';

/** The student remote at `path` for `user`, its calls answered by `handler`; answers the fake fetch's calls and the props. */
export function renderDashboard(path: string, handler: (c: Call) => Response, user: SessionUser) {
  localStorage.clear();
  sessionStorage.clear(); // the upload wizard's drafts
  const f = fakeFetch(handler);
  const client = createClient({ fetch: f.fetch, locks: null, eventTarget: null });
  const props: RemoteAppProps = { user, client, refreshUser: jest.fn(async () => user), logout: jest.fn(async () => {}) };
  render(
    <AntApp>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/dashboard/*" element={<DashboardApp {...props} />} />
        </Routes>
      </MemoryRouter>
    </AntApp>,
  );
  return { ...f, props };
}
