import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { Alert, Button, Card, Form, Input, Result, Spin, Typography } from 'antd';
import { errorMessage, isApiError } from '@corestone/sdk';
import { SetupTexts } from '@corestone/contracts/setup-texts';
import { useSession } from '../session';
import { Heading, ResultTitle } from '@corestone/ui/heading';
import { FormattedMessage, useIntl } from 'react-intl';
import { useTranslateKnown } from '../i18n/known';

const page = { minHeight: 'calc(100vh - 64px)', padding: '112px 20px 64px', maxWidth: 520, margin: '0 auto' } as const;

type View = 'checking' | 'form' | 'ready';

const EMPTY = { name: '', email: '', password: '', confirm: '', token: '' };
/** The server's answers about the setup token: the field is shown (and marked) when one arrives. */
const TOKEN_CODES = new Set(['SETUP_TOKEN_REQUIRED', 'SETUP_TOKEN_INVALID']);

/**
 * First-admin setup (admin spec §2 and §5): offered only while no administrator exists. When the
 * server has a SETUP_TOKEN (always in production) the form asks for it and sends it (issue 28).
 */
export function SetupPage() {
  const { client } = useSession();
  const [view, setView] = useState<View>('checking');
  const [tokenRequired, setTokenRequired] = useState(false);
  const [form, setForm] = useState(EMPTY);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [tokenRefused, setTokenRefused] = useState(false);
  const [success, setSuccess] = useState<string | null>(null);
  const intl = useIntl();
  const known = useTranslateKnown();

  useEffect(() => {
    client.auth.setupStatus().then(
      (s) => {
        setTokenRequired(s.setup_token_required === true);
        setView(s.admin_exists ? 'ready' : 'form');
      },
      (err) => {
        // spec: if the check fails the error is logged and the form is shown as if no admin exists
        console.error('setup status check failed', err);
        setView('form');
      },
    );
  }, [client]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    setTokenRefused(false);
    if (!form.name.trim() || !form.email.trim() || !form.password || !form.confirm)
      return setError(intl.formatMessage({ id: 'setup.allRequired', defaultMessage: 'All fields are required' }));
    if (form.password !== form.confirm)
      return setError(intl.formatMessage({ id: 'password.mismatch', defaultMessage: 'Passwords do not match' }));
    if (form.password.length < 6) return setError(known('Password must be at least 6 characters long'));
    const token = form.token.trim();
    if (tokenRequired && !token) {
      setTokenRefused(true);
      return setError(known(SetupTexts.TOKEN_MISSING));
    }
    setBusy(true);
    try {
      const res = await client.auth.setupAdmin({
        name: form.name.trim(),
        email: form.email.trim(),
        password: form.password,
        ...(token ? { setup_token: token } : {}),
      });
      setSuccess(
        res.message || intl.formatMessage({ id: 'setup.created', defaultMessage: 'Admin user created successfully! You can now sign in.' }),
      );
      setForm(EMPTY);
      setView('ready');
    } catch (err) {
      // A refused token keeps every field as typed; the token field appears if the status check had failed.
      if (isApiError(err) && TOKEN_CODES.has(err.code)) {
        setTokenRequired(true);
        setTokenRefused(true);
      }
      setError(known(errorMessage(err, intl.formatMessage({ id: 'setup.failed', defaultMessage: 'Failed to create admin user' }))));
    } finally {
      setBusy(false);
    }
  };

  if (view === 'checking') {
    return (
      <div style={{ ...page, textAlign: 'center' }} data-testid="setup-checking">
        <Spin size="large" />
        <Typography.Paragraph style={{ marginTop: 16 }}>
          <FormattedMessage id="setup.checking" defaultMessage="Checking system status..." />
        </Typography.Paragraph>
      </div>
    );
  }
  if (view === 'ready') {
    return (
      <div style={page} data-testid="setup-ready">
        {success && <Alert type="success" showIcon title={success} style={{ marginBottom: 16 }} />}
        <Result
          status="success"
          title={
            <ResultTitle>
              <FormattedMessage id="setup.ready" defaultMessage="System Ready" />
            </ResultTitle>
          }
          subTitle={<FormattedMessage id="setup.readyText" defaultMessage="Admin user already exists. You can access the admin panel." />}
          extra={
            <Link to="/auth">
              <Button type="primary">
                <FormattedMessage id="setup.signIn" defaultMessage="Sign In to Admin Panel" />
              </Button>
            </Link>
          }
        />
      </div>
    );
  }
  const field = (key: keyof typeof form) => ({
    value: form[key],
    onChange: (e: { target: { value: string } }) => setForm((f) => ({ ...f, [key]: e.target.value })),
  });
  return (
    <div style={page}>
      <Card variant="borderless" data-testid="setup-form">
        <Heading level={1} size={2} style={{ marginTop: 0 }}>
          <FormattedMessage id="setup.create" defaultMessage="Create Admin User" />
        </Heading>
        <Typography.Paragraph type="secondary">
          <FormattedMessage
            id="setup.intro"
            defaultMessage="The administrator gets full access to users, submissions and platform settings."
          />
        </Typography.Paragraph>
        <form onSubmit={submit} noValidate aria-label={intl.formatMessage({ id: 'setup.form', defaultMessage: 'Create admin user form' })}>
          {tokenRequired && (
            <Form.Item
              label={known(SetupTexts.TOKEN_LABEL)}
              htmlFor="setup-token"
              layout="vertical"
              validateStatus={tokenRefused ? 'error' : undefined}
              extra={<span id="setup-token-hint">{known(SetupTexts.TOKEN_HINT)}</span>}
            >
              <Input.Password
                id="setup-token"
                autoComplete="off"
                spellCheck={false}
                aria-describedby="setup-token-hint"
                {...field('token')}
              />
            </Form.Item>
          )}
          <Form.Item
            label={intl.formatMessage({ id: 'auth.fullName', defaultMessage: 'Full Name' })}
            htmlFor="setup-name"
            layout="vertical"
          >
            <Input id="setup-name" autoComplete="name" {...field('name')} />
          </Form.Item>
          <Form.Item
            label={intl.formatMessage({ id: 'setup.email', defaultMessage: 'Email Address' })}
            htmlFor="setup-email"
            layout="vertical"
          >
            <Input id="setup-email" type="email" autoComplete="email" {...field('email')} />
          </Form.Item>
          <Form.Item
            label={intl.formatMessage({ id: 'auth.password', defaultMessage: 'Password' })}
            htmlFor="setup-password"
            layout="vertical"
          >
            <Input.Password
              id="setup-password"
              placeholder={intl.formatMessage({ id: 'setup.passwordHint', defaultMessage: 'Minimum 6 characters' })}
              autoComplete="new-password"
              {...field('password')}
            />
          </Form.Item>
          <Form.Item
            label={intl.formatMessage({ id: 'setup.confirm', defaultMessage: 'Confirm Password' })}
            htmlFor="setup-confirm"
            layout="vertical"
          >
            <Input.Password
              id="setup-confirm"
              placeholder={intl.formatMessage({ id: 'setup.repeat', defaultMessage: 'Repeat password' })}
              autoComplete="new-password"
              {...field('confirm')}
            />
          </Form.Item>
          {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} data-testid="setup-error" />}
          <Button type="primary" htmlType="submit" block size="large" loading={busy}>
            {busy ? (
              <FormattedMessage id="setup.creating" defaultMessage="Creating Admin User..." />
            ) : (
              <FormattedMessage id="setup.create" defaultMessage="Create Admin User" />
            )}
          </Button>
        </form>
      </Card>
    </div>
  );
}
