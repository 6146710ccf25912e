import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { App as AntApp, Button, Card, Form, Input, Result, Spin, Typography } from 'antd';
import { errorMessage, isApiError } from '@corestone/sdk';
import { useSession } from '../session';
import { ERROR_TOAST_SECONDS } from '@corestone/ui/theme';
import { Markdown } from '@corestone/ui/markdown';
import { Heading, ResultTitle } from '@corestone/ui/heading';
import { FORGOT_PASSWORD_ROUTE_STATE } from '../auth/routes';

const page = { minHeight: 'calc(100vh - 64px)', padding: '112px 20px 64px', maxWidth: 880, margin: '0 auto' } as const;

export function NotFound() {
  const navigate = useNavigate();
  return (
    <div style={page}>
      <Result
        status="404"
        title={<ResultTitle>Page not found</ResultTitle>}
        subTitle="The page you are looking for does not exist."
        extra={
          <Button type="primary" onClick={() => navigate('/')}>
            Go Home
          </Button>
        }
      />
    </div>
  );
}

const POLICIES = {
  privacy: { title: 'Privacy Policy', loading: 'Loading Privacy Policy...', error: 'Failed to load privacy policy' },
  safeguarding: { title: 'Safeguarding Policy', loading: 'Loading Safeguarding Policy...', error: 'Failed to load safeguarding policy' },
  'client-terms': { title: 'Client Terms', loading: 'Loading Client Terms...', error: 'Failed to load client terms' },
  'academic-integrity': {
    title: 'Academic Integrity Policy',
    loading: 'Loading Academic Integrity Policy...',
    error: 'Failed to load academic integrity policy',
  },
} as const;

/** The content service has no published text (an administrator withdrew it, or it was never published): not a failure. */
const withdrawn = (e: unknown) => isApiError(e) && e.code === 'CONTENT_NOT_FOUND';

export function PolicyPage({ resource }: { resource: keyof typeof POLICIES }) {
  const { client } = useSession();
  const meta = POLICIES[resource];
  const [state, setState] = useState<{ content?: string; error?: string }>({});
  useEffect(() => {
    let alive = true;
    setState({});
    // what visitors see, even for a signed-in editor (whose token would fetch the working copy)
    client.content
      .publicPolicy(resource)
      .then((r) => {
        if (!alive) return;
        if (r?.success && typeof r.data?.content === 'string') setState({ content: r.data.content });
        else setState({ error: meta.error });
      })
      .catch(
        (e: unknown) =>
          alive &&
          setState({ error: withdrawn(e) ? `${meta.title} is not published at the moment. Please check back later.` : meta.error }),
      );
    return () => {
      alive = false;
    };
  }, [client, resource, meta.error, meta.title]);

  if (state.error)
    return (
      <div style={{ ...page, textAlign: 'center' }}>
        <Heading level={1} size={2}>
          Error
        </Heading>
        <Typography.Paragraph type="secondary">{state.error}</Typography.Paragraph>
      </div>
    );
  if (state.content === undefined)
    return (
      <div style={{ ...page, display: 'flex', justifyContent: 'center', alignItems: 'center' }}>
        <Spin size="large" description={meta.loading}>
          <div style={{ width: 200, height: 80 }} />
        </Spin>
      </div>
    );
  return (
    <div style={page}>
      <Card variant="borderless" styles={{ body: { padding: 40 } }}>
        <Markdown source={state.content} />
      </Card>
    </div>
  );
}

/** Spec §8 'Reset': the server's answer to a used, expired or unknown token. */
const INVALID_RESET_TOKEN = 'Invalid reset token';

const isDeadResetLink = (e: unknown) => isApiError(e) && (e.code === 'INVALID_RESET_TOKEN' || e.detail === INVALID_RESET_TOKEN);

export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const navigate = useNavigate();
  const { client } = useSession();
  const { notification } = AntApp.useApp();
  const [pw, setPw] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const [linkDead, setLinkDead] = useState(false);

  useEffect(() => {
    if (!token) {
      notification.error({
        title: 'Invalid Link',
        description: 'This password reset link is invalid or has expired',
        duration: ERROR_TOAST_SECONDS,
      });
      const t = setTimeout(() => navigate('/auth', { replace: true }), 2500);
      return () => clearTimeout(t);
    }
  }, [token, navigate, notification]);

  if (!token)
    return (
      <div style={page}>
        <Result
          status="warning"
          title={<ResultTitle>Invalid Link</ResultTitle>}
          subTitle="This password reset link is invalid or has expired"
        />
      </div>
    );
  if (linkDead)
    return (
      <div style={page}>
        <Result
          status="warning"
          title={<ResultTitle>{INVALID_RESET_TOKEN}</ResultTitle>}
          subTitle="This link has already been used or has expired: each link works once, for a limited time. Ask for a new link and we will e-mail it to you."
          extra={[
            <Button key="new" type="primary" onClick={() => navigate('/auth', { state: FORGOT_PASSWORD_ROUTE_STATE })}>
              Request a New Link
            </Button>,
            <Button key="back" type="link" onClick={() => navigate('/auth')}>
              Back to Login
            </Button>,
          ]}
        />
      </div>
    );
  if (done)
    return (
      <div style={page}>
        <Result
          status="success"
          title={<ResultTitle>Password reset</ResultTitle>}
          subTitle="Your password has been changed. You can now sign in."
          extra={[
            <Button key="login" type="primary" onClick={() => navigate('/auth')}>
              Go to Login
            </Button>,
            <Button key="back" type="link" onClick={() => navigate('/auth')}>
              Back to Login
            </Button>,
          ]}
        />
      </div>
    );

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!pw) return setError('Password is required');
    if (pw.length < 6) return setError('Must be at least 6 characters long');
    if (!confirm) return setError('This field is required');
    if (pw !== confirm) return setError('Passwords do not match');
    setError(null);
    setBusy(true);
    try {
      await client.auth.resetPassword(token, pw);
      setDone(true);
    } catch (err) {
      if (isDeadResetLink(err)) setLinkDead(true);
      else setError(errorMessage(err, 'Failed to reset password'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div style={{ ...page, maxWidth: 480 }}>
      <Card variant="borderless" styles={{ body: { padding: 32 } }}>
        <Heading level={1} size={3} style={{ marginTop: 0 }}>
          Choose a new password
        </Heading>
        <Form layout="vertical" component={false}>
          <form onSubmit={submit} noValidate>
            <Form.Item label="New Password" htmlFor="reset-pw">
              <Input.Password id="reset-pw" value={pw} onChange={(e) => setPw(e.target.value)} autoComplete="new-password" />
            </Form.Item>
            <Form.Item
              label="Confirm New Password"
              htmlFor="reset-confirm"
              validateStatus={error ? 'error' : undefined}
              help={error ?? undefined}
            >
              <Input.Password id="reset-confirm" value={confirm} onChange={(e) => setConfirm(e.target.value)} autoComplete="new-password" />
            </Form.Item>
            <Button type="primary" htmlType="submit" block loading={busy}>
              Reset Password
            </Button>
          </form>
        </Form>
        <div style={{ textAlign: 'center', marginTop: 12 }}>
          <Button type="link" onClick={() => navigate('/auth')}>
            Back to Login
          </Button>
        </div>
      </Card>
    </div>
  );
}
