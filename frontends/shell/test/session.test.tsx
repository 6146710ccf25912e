import { screen, waitFor } from '@testing-library/react';
import { render } from '../../test-support/render';
import { App as AntApp } from 'antd';
import { createClient } from '@corestone/sdk';
import { SessionProvider, useSession } from '../src/session';
import { fakeFetch, res, type Call } from '../../test-support/helpers';

const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
const jwt = (claims: object) => `${b64({ alg: 'HS256' })}.${b64(claims)}.sig`;
const stored = { id: 'u1', email: 'ann@school.org', first_name: 'Ann', user_type: 'student', essay_credits: 1, max_essay_credits: 1 };

function Probe() {
  const { status, user } = useSession();
  return <div data-testid="probe">{status === 'signed-in' ? `credits ${user!.essay_credits}` : status}</div>;
}

function renderWithStoredUser(handler: (c: Call) => Response) {
  localStorage.clear();
  localStorage.setItem('access_token', jwt({ sub: 'u1', exp: Math.floor(Date.now() / 1000) + 3600 }));
  localStorage.setItem('refresh_token', 'r1');
  localStorage.setItem('user', JSON.stringify(stored));
  const f = fakeFetch(handler);
  render(
    <AntApp>
      <SessionProvider client={createClient({ fetch: f.fetch, locks: null, eventTarget: null })}>
        <Probe />
      </SessionProvider>
    </AntApp>,
  );
  return f;
}

describe('session restore', () => {
  test('a stored user is shown at once, then read again from the server (credits spent elsewhere)', async () => {
    let answer!: () => void;
    const f = renderWithStoredUser((c) =>
      c.url.endsWith('/auth/me')
        ? (new Promise<Response>((r) => (answer = () => r(res(200, { ...stored, essay_credits: 0 })))) as never)
        : res(404, {}),
    );
    expect((await screen.findByTestId('probe')).textContent).toBe('credits 1');
    await waitFor(() => expect(f.calls.filter((c) => c.url.endsWith('/auth/me'))).toHaveLength(1));
    answer();
    await waitFor(() => expect(screen.getByTestId('probe').textContent).toBe('credits 0'));
    expect(JSON.parse(localStorage.getItem('user')!).essay_credits).toBe(0);
  });

  test('a session the server no longer knows signs out (the stored user was only a first guess)', async () => {
    renderWithStoredUser((c) =>
      c.url.endsWith('/auth/me') || c.url.endsWith('/auth/refresh')
        ? res(401, { detail: 'Not authenticated', code: 'UNAUTHENTICATED' })
        : res(404, {}),
    );
    await waitFor(() => expect(screen.getByTestId('probe').textContent).toBe('signed-out'));
    expect(localStorage.getItem('access_token')).toBeNull();
  });

  test('a server that cannot be reached keeps the stored user', async () => {
    renderWithStoredUser((c) => (c.url.endsWith('/auth/me') ? res(503, { detail: 'unavailable', code: 'UNAVAILABLE' }) : res(404, {})));
    expect((await screen.findByTestId('probe')).textContent).toBe('credits 1');
    await new Promise((r) => setTimeout(r, 200));
    expect(screen.getByTestId('probe').textContent).toBe('credits 1');
  });
});
