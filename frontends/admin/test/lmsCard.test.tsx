// antd is slow to start under jsdom
jest.setTimeout(60000);

import { fireEvent, screen, waitFor } from '@testing-library/react';
import { render } from '../../test-support/render';
import { createClient } from '@corestone/sdk';
import { LmsCard } from '../src/components/school/LmsCard';
import { fakeFetch, res } from '../../test-support/helpers';

/** Issue 32: the school settings' LMS card (GET/POST /schools/{id}/lti/platforms, DELETE …/{platform_id}). */
const made = {
  id: 'p1',
  school_id: 's1',
  issuer: 'https://school.instructure.com',
  client_id: '10000000000001',
  deployment_ids: ['1:abc', '2:def'],
  auth_login_url: 'https://sso.canvaslms.com/api/lti/authorize_redirect',
  auth_token_url: 'https://sso.canvaslms.com/login/oauth2/token',
  key_set_url: 'https://sso.canvaslms.com/api/lti/security/jwks',
  login_url: 'https://corestone.example/api/v1/lti/login',
  launch_url: 'https://corestone.example/api/v1/lti/launch',
  jwks_url: 'https://corestone.example/api/v1/lti/jwks',
  created_at: '2026-11-29T10:00:00.000Z',
};

it('registers a platform and shows the tool URLs to paste into the LMS; a refusal shows its detail', async () => {
  let refuse = true;
  const f = fakeFetch((c) => {
    if (c.method === 'GET') return res(200, { platforms: [] });
    if (c.method === 'POST' && refuse)
      return res(409, { detail: 'This issuer and client id are registered already', code: 'LTI_PLATFORM_EXISTS' });
    return res(201, made);
  });
  render(<LmsCard client={createClient({ fetch: f.fetch, locks: null, eventTarget: null })} schoolId="s1" />);
  expect(await screen.findByText('No learning platform registered')).toBeTruthy();
  fireEvent.change(screen.getByLabelText('Issuer'), { target: { value: made.issuer } });
  fireEvent.change(screen.getByLabelText('Client ID'), { target: { value: made.client_id } });
  fireEvent.change(screen.getByLabelText('Deployment IDs'), { target: { value: '1:abc, 2:def' } });
  fireEvent.change(screen.getByLabelText('Authorisation URL'), { target: { value: made.auth_login_url } });
  fireEvent.change(screen.getByLabelText('Token URL'), { target: { value: made.auth_token_url } });
  fireEvent.change(screen.getByLabelText('Key set (JWKS) URL'), { target: { value: made.key_set_url } });
  fireEvent.click(screen.getByRole('button', { name: 'Register platform' }));
  await waitFor(() => expect(screen.getByTestId('lms-note').textContent).toContain('registered already'));

  refuse = false;
  fireEvent.click(screen.getByRole('button', { name: 'Register platform' }));
  await waitFor(() => expect(screen.getAllByTestId('lms-platform')).toHaveLength(1));
  const post = f.calls.filter((c) => c.method === 'POST').at(-1)!;
  expect(post.url).toMatch(/\/schools\/s1\/lti\/platforms$/);
  expect(post.body).toEqual({
    issuer: made.issuer,
    client_id: made.client_id,
    deployment_ids: ['1:abc', '2:def'],
    auth_login_url: made.auth_login_url,
    auth_token_url: made.auth_token_url,
    key_set_url: made.key_set_url,
  });
  expect(screen.getByText(made.login_url)).toBeTruthy();
  expect(screen.getByText(made.launch_url)).toBeTruthy();
  expect(screen.getByText(made.jwks_url)).toBeTruthy();
});

it('lists the registered platforms and removes one after confirmation', async () => {
  const f = fakeFetch((c) => (c.method === 'GET' ? res(200, { platforms: [made] }) : res(204, undefined)));
  render(<LmsCard client={createClient({ fetch: f.fetch, locks: null, eventTarget: null })} schoolId="s1" />);
  expect(await screen.findByText(made.launch_url)).toBeTruthy();
  fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
  fireEvent.click(await screen.findByRole('button', { name: 'OK' }));
  await waitFor(() => expect(f.calls.map((c) => c.method)).toContain('DELETE'));
  await waitFor(() => expect(screen.queryAllByTestId('lms-platform')).toHaveLength(0));
  expect(f.calls.at(-1)).toMatchObject({ method: 'DELETE' });
  expect(f.calls.at(-1)!.url).toMatch(/\/schools\/s1\/lti\/platforms\/p1$/);
});
