import { act, fireEvent, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { App as AntApp } from 'antd';
import { createClient } from '@corestone/sdk';
import { SetupTexts } from '@corestone/contracts/setup-texts';
import { render } from '../../test-support/render';
import { fakeFetch, res, type Call } from '../../test-support/helpers';
import { SessionProvider } from '../src/session';
import { SetupPage } from '../src/pages/SetupPage';

const TOKEN = 'correct-setup-token-1234';
const user = { id: 'a1', email: 'grace@school.org', first_name: 'Grace', last_name: 'Hopper', user_type: 'super_admin' };

/** The /setup page against a fake auth that answers setup-status with `status` (or fails when null). */
function renderSetup(status: { admin_exists: boolean; setup_token_required: boolean } | null) {
  localStorage.clear();
  const f = fakeFetch((c: Call) => {
    if (c.url.endsWith('/auth/me')) return res(401, { detail: 'Not authenticated', code: 'UNAUTHENTICATED' });
    if (c.url.endsWith('/auth/setup-status')) return status ? res(200, status) : res(500, { detail: 'boom', code: 'INTERNAL_ERROR' });
    if (c.url.endsWith('/auth/setup-admin')) {
      const body = c.body as { setup_token?: string };
      if (status?.setup_token_required !== false || body.setup_token !== undefined) {
        if (!body.setup_token)
          return res(403, {
            success: false,
            message: SetupTexts.TOKEN_REQUIRED,
            detail: SetupTexts.TOKEN_REQUIRED,
            code: 'SETUP_TOKEN_REQUIRED',
          });
        if (body.setup_token !== TOKEN)
          return res(403, {
            success: false,
            message: SetupTexts.TOKEN_INVALID,
            detail: SetupTexts.TOKEN_INVALID,
            code: 'SETUP_TOKEN_INVALID',
          });
      }
      return res(200, { success: true, message: 'Admin user created successfully! You can now sign in.', user });
    }
    return res(404, {});
  });
  const client = createClient({ fetch: f.fetch, locks: null, eventTarget: null });
  render(
    <AntApp>
      <MemoryRouter initialEntries={['/setup']}>
        <SessionProvider client={client}>
          <Routes>
            <Route path="/setup" element={<SetupPage />} />
          </Routes>
        </SessionProvider>
      </MemoryRouter>
    </AntApp>,
  );
  return f;
}

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label, { exact: true }), { target: { value } });
const fillAdmin = () => {
  type('Full Name', 'Grace Hopper');
  type('Email Address', 'grace@school.org');
  type('Password', 'admin-pass-1');
  type('Confirm Password', 'admin-pass-1');
};
const submit = () =>
  act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Create Admin User' }));
  });
const setupCalls = (f: ReturnType<typeof fakeFetch>) => f.calls.filter((c) => c.url.endsWith('/auth/setup-admin'));

describe('first-admin setup page', () => {
  test('without a server token there is no token field and none is sent', async () => {
    const f = renderSetup({ admin_exists: false, setup_token_required: false });
    await screen.findByTestId('setup-form');
    expect(screen.queryByLabelText(SetupTexts.TOKEN_LABEL)).toBeNull();
    fillAdmin();
    await submit();
    await screen.findByTestId('setup-ready');
    expect(setupCalls(f)).toHaveLength(1);
    expect(setupCalls(f)[0].body).toEqual({
      name: 'Grace Hopper',
      email: 'grace@school.org',
      password: 'admin-pass-1',
      user_type: 'super-admin',
    });
  });

  test('asks for the setup token with a hint, says when it is wrong keeping the other fields, then sends the right one', async () => {
    const f = renderSetup({ admin_exists: false, setup_token_required: true });
    await screen.findByTestId('setup-form');
    const tokenInput = screen.getByLabelText(SetupTexts.TOKEN_LABEL) as HTMLInputElement;
    expect(tokenInput.type).toBe('password');
    expect(document.getElementById(tokenInput.getAttribute('aria-describedby')!)!.textContent).toBe(SetupTexts.TOKEN_HINT);
    expect(SetupTexts.TOKEN_HINT).toContain('SETUP_TOKEN');

    // left empty: said on the page, nothing sent
    fillAdmin();
    await submit();
    expect((await screen.findByTestId('setup-error')).textContent).toContain(SetupTexts.TOKEN_MISSING);
    expect(setupCalls(f)).toHaveLength(0);

    // wrong: the server's message, every field kept as typed
    type(SetupTexts.TOKEN_LABEL, 'not-the-token-at-all');
    await submit();
    expect((await screen.findByTestId('setup-error')).textContent).toContain(
      'The setup token is not correct. Use the SETUP_TOKEN value set for this deployment.',
    );
    expect(setupCalls(f)[0].body).toMatchObject({ setup_token: 'not-the-token-at-all' });
    expect((screen.getByLabelText('Full Name') as HTMLInputElement).value).toBe('Grace Hopper');
    expect((screen.getByLabelText('Email Address') as HTMLInputElement).value).toBe('grace@school.org');
    expect((screen.getByLabelText('Password', { exact: true }) as HTMLInputElement).value).toBe('admin-pass-1');
    expect((screen.getByLabelText('Confirm Password') as HTMLInputElement).value).toBe('admin-pass-1');
    expect((screen.getByLabelText(SetupTexts.TOKEN_LABEL) as HTMLInputElement).value).toBe('not-the-token-at-all');

    // right (pasted with a trailing space): created
    type(SetupTexts.TOKEN_LABEL, `${TOKEN} `);
    await submit();
    expect((await screen.findByTestId('setup-ready')).textContent).toContain('Admin user created successfully! You can now sign in.');
    expect(setupCalls(f)[1].body).toEqual({
      name: 'Grace Hopper',
      email: 'grace@school.org',
      password: 'admin-pass-1',
      setup_token: TOKEN,
      user_type: 'super-admin',
    });
  });

  test('when the status check fails, a token refusal brings the token field', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => {});
    const f = renderSetup(null);
    await screen.findByTestId('setup-form');
    expect(screen.queryByLabelText(SetupTexts.TOKEN_LABEL)).toBeNull();
    fillAdmin();
    await submit();
    expect((await screen.findByTestId('setup-error')).textContent).toContain(SetupTexts.TOKEN_REQUIRED);
    type(SetupTexts.TOKEN_LABEL, TOKEN);
    await submit();
    await screen.findByTestId('setup-ready');
    expect(setupCalls(f)[1].body).toMatchObject({ setup_token: TOKEN });
    error.mockRestore();
  });

  test('an existing admin shows System Ready', async () => {
    renderSetup({ admin_exists: true, setup_token_required: true });
    expect((await screen.findByTestId('setup-ready')).textContent).toContain('Admin user already exists. You can access the admin panel.');
  });
});
