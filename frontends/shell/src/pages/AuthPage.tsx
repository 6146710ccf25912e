import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import { Alert, App as AntApp, Button, Card, Divider, Form, Input, Radio, Result, Typography } from 'antd';
import { GoogleOutlined, LockOutlined, MailOutlined, UserOutlined, WindowsOutlined } from '@ant-design/icons';
import { errorMessage, isSchoolAdmin, type SessionUser } from '@corestone/sdk';
import { useSession } from '../session';
import { Heading, ResultTitle } from '@corestone/ui/heading';
import { signInError, signUpError } from '../auth/errors';
import { signupRole, splitName, validateAuth, validateEmailOnly, type AuthMode } from '../auth/validation';
import { browserNavigation, GOOGLE_TOAST, SSO_TOAST, ssoRefusalText } from '../auth/google';
import type { AuthRouteState } from '../auth/routes';
import { ERROR_TOAST_SECONDS, TOAST_SECONDS } from '@corestone/ui/theme';
import { FormattedMessage, useIntl } from 'react-intl';
import { useTranslateKnown } from '../i18n/known';

type View = AuthMode | 'forgot' | 'forgot-sent';

export function AuthPage() {
  const session = useSession();
  const { notification } = AntApp.useApp();
  const navigate = useNavigate();
  const location = useLocation();
  const routeState = location.state as AuthRouteState | null;
  const [view, setView] = useState<View>(() => (routeState?.view === 'forgot' ? 'forgot' : 'signin'));
  const [fullName, setFullName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [accountType, setAccountType] = useState<'student' | 'teacher'>('student');
  const [busy, setBusy] = useState(false);
  /** Google sign-in is offered only when the server says it is configured (null: not known yet). */
  const [googleOffered, setGoogleOffered] = useState<boolean | null>(null);
  const [googleBusy, setGoogleBusy] = useState(false);
  /** Issue 32: "Sign in with Microsoft" (a school's Entra ID), offered only when the server says it is configured. */
  const [microsoftOffered, setMicrosoftOffered] = useState(false);
  const [microsoftBusy, setMicrosoftBusy] = useState(false);
  const googleErrorShown = useRef(false);
  const intl = useIntl();
  const known = useTranslateKnown();

  useEffect(() => {
    let alive = true;
    session.client.auth.providers().then(
      (p) => {
        if (!alive) return;
        setGoogleOffered(p.google);
        setMicrosoftOffered(p.microsoft);
      },
      () => alive && setGoogleOffered(false),
    );
    return () => {
      alive = false;
    };
  }, [session.client]);

  // back from Google with the browser's back button (page restored from cache): the button works again
  useEffect(() => {
    const onShow = (e: PageTransitionEvent) => {
      if (!e.persisted) return;
      setGoogleBusy(false);
      setMicrosoftBusy(false);
    };
    window.addEventListener('pageshow', onShow);
    return () => window.removeEventListener('pageshow', onShow);
  }, []);

  // auth sends a failed Google sign-in back to /auth?error=google, a refused school sign-in to /auth?error=sso&reason=<code>
  useEffect(() => {
    const params = new URLSearchParams(location.search);
    const error = params.get('error');
    if ((error !== 'google' && error !== 'sso') || googleErrorShown.current) return;
    googleErrorShown.current = true;
    if (error === 'google')
      notification.error({ title: known(GOOGLE_TOAST.title), description: known(GOOGLE_TOAST.failed), duration: ERROR_TOAST_SECONDS });
    else
      notification.error({
        title: known(SSO_TOAST.title),
        description: known(ssoRefusalText(params.get('reason'))),
        duration: ERROR_TOAST_SECONDS,
      });
    params.delete('error');
    params.delete('reason');
    const search = params.toString();
    navigate({ pathname: location.pathname, search: search ? `?${search}` : '' }, { replace: true, state: location.state });
  }, [location, navigate, notification, known]);

  const from = routeState?.from;
  // a school admin's home is their School area in the back office (issue 30); everyone else's the dashboard
  const home = (user: SessionUser | null) => (from && from !== '/auth' ? from : isSchoolAdmin(user) ? '/admin/school' : '/dashboard');
  if (session.user && !busy) return <Navigate to={home(session.user)} replace />;

  const validationError = (description: string) =>
    notification.error({
      title: intl.formatMessage({ id: 'auth.validationError', defaultMessage: 'Validation Error' }),
      description: known(description),
      duration: ERROR_TOAST_SECONDS,
    });

  async function submitAuth(e: FormEvent) {
    e.preventDefault();
    const mode = view as AuthMode;
    const problem = validateAuth(mode, { email, password, fullName });
    if (problem) return validationError(problem);
    setBusy(true);
    try {
      let user: SessionUser | null = null;
      if (mode === 'signin') {
        user = await session.login(email.trim(), password);
        notification.success({
          title: intl.formatMessage({ id: 'auth.welcomeBackToast', defaultMessage: 'Welcome back!' }),
          description: intl.formatMessage({ id: 'auth.loginSuccessful', defaultMessage: 'Login successful' }),
          duration: TOAST_SECONDS,
        });
      } else {
        await session.signup({ email: email.trim(), password, ...splitName(fullName), user_type: signupRole(accountType) });
        notification.success({
          title: intl.formatMessage({ id: 'auth.accountCreated', defaultMessage: 'Account created!' }),
          description: intl.formatMessage({ id: 'auth.registrationSuccessful', defaultMessage: 'Registration successful' }),
          duration: TOAST_SECONDS,
        });
      }
      navigate(home(user), { replace: true });
    } catch (err) {
      const t = mode === 'signin' ? signInError(err) : signUpError(err);
      notification.error({ title: known(t.title), description: known(t.description), duration: ERROR_TOAST_SECONDS });
    } finally {
      setBusy(false);
    }
  }

  async function submitForgot(e?: FormEvent) {
    e?.preventDefault();
    const problem = validateEmailOnly(email);
    if (problem) return validationError(problem);
    setBusy(true);
    try {
      await session.client.auth.forgotPassword(email.trim());
      notification.success({
        title: intl.formatMessage({ id: 'auth.resetSent', defaultMessage: 'Reset Email Sent' }),
        description: intl.formatMessage({ id: 'auth.resetSentText', defaultMessage: 'Check your email for password reset instructions' }),
        duration: TOAST_SECONDS,
      });
      setView('forgot-sent');
    } catch (err) {
      notification.error({
        title: intl.formatMessage({ id: 'auth.error', defaultMessage: 'Error' }),
        description: errorMessage(err, intl.formatMessage({ id: 'auth.resetFailed', defaultMessage: 'Failed to send reset email' })),
        duration: ERROR_TOAST_SECONDS,
      });
    } finally {
      setBusy(false);
    }
  }

  function startGoogle() {
    setGoogleBusy(true);
    try {
      // full-page navigation: the browser comes back on /auth/google/callback (or /auth?error=google)
      browserNavigation.go(session.client.auth.googleLoginUrl());
    } catch {
      setGoogleBusy(false);
      notification.error({ title: known(GOOGLE_TOAST.title), description: known(GOOGLE_TOAST.startFailed), duration: ERROR_TOAST_SECONDS });
    }
  }

  function startMicrosoft() {
    setMicrosoftBusy(true);
    try {
      browserNavigation.go(session.client.auth.ssoStartUrl('microsoft'));
    } catch {
      setMicrosoftBusy(false);
      notification.error({ title: known(SSO_TOAST.title), description: known(SSO_TOAST.startFailed), duration: ERROR_TOAST_SECONDS });
    }
  }

  const switchTo = (v: View) => {
    setView(v);
    setPassword('');
  };

  let body;
  if (view === 'forgot-sent') {
    body = (
      <Result
        status="success"
        title={
          <ResultTitle>
            <FormattedMessage id="auth.checkEmail" defaultMessage="Check Your Email" />
          </ResultTitle>
        }
        subTitle={
          <FormattedMessage
            id="auth.checkEmailText"
            defaultMessage="If an account exists for {email}, we sent a link to reset your password."
            values={{ email: email.trim() }}
          />
        }
        extra={[
          <Button key="back" type="primary" onClick={() => switchTo('signin')}>
            <FormattedMessage id="auth.backToLogin" defaultMessage="Back to Login" />
          </Button>,
          <Button key="again" loading={busy} onClick={() => submitForgot()}>
            <FormattedMessage id="auth.sendAnother" defaultMessage="Send Another Email" />
          </Button>,
        ]}
      />
    );
  } else if (view === 'forgot') {
    body = (
      <>
        <Heading level={1} size={3} style={{ marginTop: 0 }}>
          <FormattedMessage id="auth.forgotTitle" defaultMessage="Reset your password" />
        </Heading>
        <Typography.Paragraph type="secondary">
          <FormattedMessage
            id="auth.forgotText"
            defaultMessage="Enter the e-mail address of your account and we will send you a reset link."
          />
        </Typography.Paragraph>
        <Form layout="vertical" component={false}>
          <form
            onSubmit={submitForgot}
            noValidate
            aria-label={intl.formatMessage({ id: 'auth.forgotForm', defaultMessage: 'Forgot password form' })}
          >
            <TextField field="email" id="forgot-email" value={email} onChange={setEmail} />
            <Button type="primary" htmlType="submit" size="large" block loading={busy}>
              <FormattedMessage id="auth.sendResetLink" defaultMessage="Send Reset Link" />
            </Button>
          </form>
        </Form>
        <div style={{ textAlign: 'center', marginTop: 16 }}>
          <Button type="link" onClick={() => switchTo('signin')}>
            <FormattedMessage id="auth.backToLogin" defaultMessage="Back to Login" />
          </Button>
        </div>
      </>
    );
  } else {
    const signup = view === 'signup';
    body = (
      <>
        <Heading level={1} size={3} style={{ marginTop: 0, marginBottom: 4 }}>
          {signup ? (
            <FormattedMessage id="auth.signupTitle" defaultMessage="Create your account" />
          ) : (
            <FormattedMessage id="auth.signinTitle" defaultMessage="Welcome back" />
          )}
        </Heading>
        <Typography.Paragraph type="secondary">
          {signup ? (
            <FormattedMessage id="auth.signupText" defaultMessage="Start getting rubric-based feedback on your IB essays." />
          ) : (
            <FormattedMessage id="auth.signinText" defaultMessage="Sign in to continue to your dashboard." />
          )}
        </Typography.Paragraph>
        <Form layout="vertical" component={false}>
          <form
            onSubmit={submitAuth}
            noValidate
            aria-label={
              signup
                ? intl.formatMessage({ id: 'auth.signupForm', defaultMessage: 'Sign up form' })
                : intl.formatMessage({ id: 'auth.signinForm', defaultMessage: 'Sign in form' })
            }
            data-testid={signup ? 'signup-form' : 'signin-form'}
          >
            {signup && <TextField field="fullName" id="auth-name" name="fullName" value={fullName} onChange={setFullName} />}
            <TextField field="email" id="auth-email" name="email" value={email} onChange={setEmail} />
            <Form.Item
              label={intl.formatMessage({ id: 'auth.password', defaultMessage: 'Password' })}
              htmlFor="auth-password"
              style={{ marginBottom: signup ? 24 : 8 }}
            >
              <Input.Password
                id="auth-password"
                name="password"
                size="large"
                prefix={<LockOutlined />}
                autoComplete={signup ? 'new-password' : 'current-password'}
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                placeholder={
                  signup
                    ? intl.formatMessage({ id: 'auth.passwordNew', defaultMessage: 'At least 6 characters' })
                    : intl.formatMessage({ id: 'auth.passwordCurrent', defaultMessage: 'Your password' })
                }
              />
            </Form.Item>
            {signup ? (
              <Form.Item label={intl.formatMessage({ id: 'auth.accountType', defaultMessage: 'Account Type' })}>
                <Radio.Group
                  value={accountType}
                  onChange={(e) => setAccountType(e.target.value)}
                  optionType="button"
                  buttonStyle="solid"
                  aria-label={intl.formatMessage({ id: 'auth.accountType', defaultMessage: 'Account Type' })}
                  data-testid="account-type"
                >
                  <Radio.Button value="student">
                    <FormattedMessage id="auth.student" defaultMessage="Student" />
                  </Radio.Button>
                  <Radio.Button value="teacher">
                    <FormattedMessage id="auth.teacher" defaultMessage="Teacher" />
                  </Radio.Button>
                </Radio.Group>
              </Form.Item>
            ) : (
              <div style={{ textAlign: 'right', marginBottom: 16 }}>
                <Button type="link" style={{ padding: 0 }} onClick={() => switchTo('forgot')}>
                  <FormattedMessage id="auth.forgotLink" defaultMessage="Forgot password?" />
                </Button>
              </div>
            )}
            <Button type="primary" htmlType="submit" size="large" block loading={busy} data-testid="auth-submit">
              {signup ? (
                <FormattedMessage id="auth.createAccount" defaultMessage="Create Account" />
              ) : (
                <FormattedMessage id="auth.signIn" defaultMessage="Sign In" />
              )}
            </Button>
          </form>
        </Form>
        {(googleOffered === true || microsoftOffered) && (
          <Divider plain style={{ margin: '20px 0 16px' }}>
            <Typography.Text type="secondary">
              <FormattedMessage id="auth.or" defaultMessage="or" />
            </Typography.Text>
          </Divider>
        )}
        {googleOffered === true && (
          <Button size="large" block icon={<GoogleOutlined />} loading={googleBusy} onClick={startGoogle} data-testid="google-login">
            <FormattedMessage id="auth.google" defaultMessage="Continue with Google" />
          </Button>
        )}
        {microsoftOffered && (
          <Button
            size="large"
            block
            icon={<WindowsOutlined />}
            loading={microsoftBusy}
            onClick={startMicrosoft}
            data-testid="microsoft-login"
            style={googleOffered === true ? { marginTop: 12 } : undefined}
          >
            <FormattedMessage id="auth.microsoft" defaultMessage="Sign in with Microsoft" />
          </Button>
        )}
        <div style={{ textAlign: 'center', marginTop: 16 }}>
          <Typography.Text type="secondary">
            {signup ? (
              <FormattedMessage id="auth.haveAccount" defaultMessage="Already have an account?" />
            ) : (
              <FormattedMessage id="auth.noAccount" defaultMessage="Don't have an account?" />
            )}
          </Typography.Text>{' '}
          <Button type="link" style={{ padding: 0 }} onClick={() => switchTo(signup ? 'signin' : 'signup')} data-testid="auth-toggle">
            {signup ? (
              <FormattedMessage id="auth.signIn" defaultMessage="Sign In" />
            ) : (
              <FormattedMessage id="auth.signUp" defaultMessage="Sign Up" />
            )}
          </Button>
        </div>
      </>
    );
  }

  return (
    <div
      style={{
        minHeight: 'calc(100vh - 64px)',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        padding: '96px 16px 48px',
        background: 'linear-gradient(160deg, #eef2ff 0%, #f5f7fb 60%)',
      }}
    >
      <div style={{ width: '100%', maxWidth: 440 }}>
        {session.expiredMessage && view === 'signin' && (
          // an Alert, not warning-coloured text: antd's warning yellow is unreadable on this background
          <Alert type="warning" showIcon title={known(session.expiredMessage)} role="status" style={{ marginBottom: 16 }} />
        )}
        <Card
          data-google-signin={String(googleOffered)}
          variant="borderless"
          style={{ boxShadow: '0 10px 40px rgba(30, 58, 138, 0.08)' }}
          styles={{ body: { padding: 32 } }}
        >
          {body}
        </Card>
        <Typography.Paragraph type="secondary" style={{ textAlign: 'center', marginTop: 16, fontSize: 12 }}>
          <FormattedMessage
            id="auth.agree"
            defaultMessage="By continuing you agree to our <terms>terms</terms> and <privacy>privacy policy</privacy>."
            values={{
              terms: (chunks) => <Link to="/client-terms">{chunks}</Link>,
              privacy: (chunks) => <Link to="/privacy-policy">{chunks}</Link>,
            }}
          />
        </Typography.Paragraph>
      </div>
    </div>
  );
}

/** The auth card's text inputs: label, icon and what the browser may fill in. */
const TEXT_FIELDS = {
  fullName: {
    label: { id: 'auth.fullName', defaultMessage: 'Full Name' },
    type: undefined,
    icon: <UserOutlined />,
    autoComplete: 'name',
    placeholder: { id: 'auth.fullNamePlaceholder', defaultMessage: 'Jane Doe' },
  },
  email: {
    label: { id: 'auth.email', defaultMessage: 'Email' },
    type: 'email',
    icon: <MailOutlined />,
    autoComplete: 'email',
    placeholder: { id: 'auth.emailPlaceholder', defaultMessage: 'you@school.org' },
  },
} as const;

function TextField({
  field,
  id,
  name,
  value,
  onChange,
}: {
  field: keyof typeof TEXT_FIELDS;
  id: string;
  name?: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const { label, type, icon, autoComplete, placeholder } = TEXT_FIELDS[field];
  const intl = useIntl();
  return (
    <Form.Item label={intl.formatMessage(label)} htmlFor={id}>
      <Input
        id={id}
        name={name}
        type={type}
        size="large"
        prefix={icon}
        autoComplete={autoComplete}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        placeholder={intl.formatMessage(placeholder)}
      />
    </Form.Item>
  );
}
