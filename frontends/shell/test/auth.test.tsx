import { act, fireEvent, screen } from '@testing-library/react';
import { render } from '../../test-support/render';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { App as AntApp } from 'antd';
import { ApiError, createClient } from '@corestone/sdk';
import { SessionProvider } from '../src/session';
import { AuthPage } from '../src/pages/AuthPage';
import { signInError, signUpError } from '../src/auth/errors';
import { splitName, validateAuth } from '../src/auth/validation';
import { fakeFetch, res, type Call } from '../../test-support/helpers';

function renderAuth(handler: (c: Call) => Response) {
  localStorage.clear();
  const f = fakeFetch(handler);
  const client = createClient({ fetch: f.fetch, locks: null, eventTarget: null });
  render(
    <AntApp>
      <MemoryRouter initialEntries={['/auth']}>
        <SessionProvider client={client}>
          <Routes>
            <Route path="/auth" element={<AuthPage />} />
            <Route path="/dashboard" element={<div>DASHBOARD</div>} />
          </Routes>
        </SessionProvider>
      </MemoryRouter>
    </AntApp>,
  );
  return f;
}

const unauth = (c: Call) =>
  c.url.endsWith('/auth/me') ? res(401, { detail: 'Not authenticated', code: 'UNAUTHENTICATED' }) : res(404, {});

describe('auth page', () => {
  test('sign-up validation texts appear as a Validation Error toast, first error first', async () => {
    renderAuth(unauth);
    fireEvent.click(screen.getByTestId('auth-toggle'));
    expect(screen.getByLabelText('Full Name')).toBeTruthy();
    const submit = () =>
      act(async () => {
        fireEvent.click(screen.getByTestId('auth-submit'));
      });

    await submit();
    expect(await screen.findByText('Full name is required')).toBeTruthy();
    expect(screen.getAllByText('Validation Error').length).toBeGreaterThan(0);

    fireEvent.change(screen.getByLabelText('Full Name'), { target: { value: '  Ann Lee ' } });
    await submit();
    expect(await screen.findByText('Email address is required')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'not-an-email' } });
    await submit();
    expect(await screen.findByText('Please enter a valid email address')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ann@school.org' } });
    await submit();
    expect(await screen.findByText('Password is required')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Password'), { target: { value: '123' } });
    await submit();
    expect(await screen.findByText('Password must be at least 6 characters long')).toBeTruthy();
  });

  test('sign-up sends the split name and the chosen role, then shows Account created! and goes to /dashboard', async () => {
    const user = {
      id: 'u9',
      email: 'tom@school.org',
      first_name: 'Tom',
      last_name: 'van Dijk',
      user_type: 'teacher',
      essay_credits: 1,
      max_essay_credits: 1,
    };
    const f = renderAuth((c) =>
      c.url.endsWith('/auth/signup')
        ? res(201, { access_token: 'a.b.c', refresh_token: 'r1', token_type: 'bearer', expires_in: 900, user })
        : unauth(c),
    );
    fireEvent.click(screen.getByTestId('auth-toggle'));
    fireEvent.change(screen.getByLabelText('Full Name'), { target: { value: 'Tom van Dijk' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: ' tom@school.org ' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret12' } });
    fireEvent.click(screen.getByText('Teacher'));
    await act(async () => {
      fireEvent.click(screen.getByTestId('auth-submit'));
    });
    expect(await screen.findByText('DASHBOARD')).toBeTruthy();
    expect(screen.getByText('Account created!')).toBeTruthy();
    const call = f.calls.find((c) => c.url.endsWith('/auth/signup'))!;
    expect(call.body).toEqual({
      email: 'tom@school.org',
      password: 'secret12',
      first_name: 'Tom',
      last_name: 'van Dijk',
      user_type: 'teacher',
    });
  });

  test('sign-in failure shows the catalogue text for the server code', async () => {
    renderAuth((c) => (c.url.endsWith('/auth/login') ? res(401, { detail: 'Incorrect password', code: 'INCORRECT_PASSWORD' }) : unauth(c)));
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ann@school.org' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'wrong' } });
    await act(async () => {
      fireEvent.click(screen.getByTestId('auth-submit'));
    });
    expect(await screen.findByText('The password you entered is incorrect. Please try again.')).toBeTruthy();
  });

  test('forgot password leads to Check Your Email with Back to Login and Send Another Email', async () => {
    const f = renderAuth((c) => (c.url.endsWith('/auth/forgot-password') ? res(200, { success: true, message: 'ok' }) : unauth(c)));
    fireEvent.click(screen.getByText('Forgot password?'));
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ann@school.org' } });
    await act(async () => {
      fireEvent.click(screen.getByText('Send Reset Link'));
    });
    expect(await screen.findByText('Check Your Email')).toBeTruthy();
    expect(screen.getByText('Send Another Email')).toBeTruthy();
    expect(f.calls.find((c) => c.url.endsWith('/auth/forgot-password'))!.body).toEqual({ email: 'ann@school.org' });
    fireEvent.click(screen.getByText('Back to Login'));
    expect(screen.getByTestId('signin-form')).toBeTruthy();
  });
});

describe('auth logic', () => {
  test('validation order and texts', () => {
    expect(validateAuth('signin', { email: '', password: '' })).toBe('Email address is required');
    expect(validateAuth('signin', { email: 'a@b.co', password: '1' })).toBeNull();
    expect(validateAuth('signup', { email: 'a@b.co', password: '12345', fullName: 'A' })).toBe(
      'Password must be at least 6 characters long',
    );
    expect(splitName('  Mary  Ann   Smith ')).toEqual({ first_name: 'Mary', last_name: 'Ann Smith' });
    expect(splitName('Cher')).toEqual({ first_name: 'Cher', last_name: '' });
  });

  test('sign-in catalogue: code first, then message text', () => {
    expect(signInError(new ApiError(404, 'whatever', 'ACCOUNT_NOT_FOUND')).title).toBe('Account not found');
    expect(signInError(new ApiError(400, 'No account found with this email address')).description).toBe(
      'No account exists with this email address. Please check your email or sign up for a new account.',
    );
    expect(signInError(new ApiError(403, 'x', 'ACCOUNT_DEACTIVATED')).description).toBe(
      'Your account has been deactivated. Please contact support for assistance.',
    );
    expect(signInError(new ApiError(400, 'Email and password are required'))).toEqual({
      title: 'Missing information',
      description: 'Email and password are required',
    });
    expect(signInError(new ApiError(500, 'Boom')).title).toBe('Login failed');
  });

  test('sign-up catalogue', () => {
    expect(signUpError(new ApiError(409, 'x', 'EMAIL_ALREADY_EXISTS')).description).toBe(
      'An account with this email address already exists. Please try logging in instead.',
    );
    expect(signUpError(new ApiError(400, 'Password must be at least 6 characters long')).title).toBe('Password too short');
    expect(signUpError(new ApiError(400, 'Email is required')).title).toBe('Email required');
    expect(signUpError(new ApiError(500, 'nope')).title).toBe('Registration failed');
  });
});
