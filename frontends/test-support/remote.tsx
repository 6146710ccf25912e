import type { ComponentType, ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { App as AntApp } from 'antd';
import { createClient, type RemoteAppProps, type SessionUser } from '@corestone/sdk';
import { render } from './render';
import { fakeFetch, type Call } from './helpers';

/**
 * A remote's exposed app (the student dashboard, the back office) mounted at `mount` (e.g.
 * '/admin/*') and opened at `path` for `user`, the way the shell hands it over: its API calls go to
 * a fake fetch answered by `handler`. `otherRoutes` sit beside it (e.g. a catch-all that shows
 * where a navigation went). Answers the fake fetch's calls and the props the app got.
 */
export function renderRemote(
  Remote: ComponentType<RemoteAppProps>,
  mount: string,
  { path, handler, user, otherRoutes }: { path: string; handler: (c: Call) => Response; user: SessionUser; otherRoutes?: ReactNode },
) {
  localStorage.clear();
  const f = fakeFetch(handler);
  const client = createClient({ fetch: f.fetch, locks: null, eventTarget: null });
  const props: RemoteAppProps = { user, client, refreshUser: jest.fn(async () => user), logout: jest.fn(async () => {}) };
  render(
    <AntApp>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={mount} element={<Remote {...props} />} />
          {otherRoutes}
        </Routes>
      </MemoryRouter>
    </AntApp>,
  );
  return { ...f, props };
}
