import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { App as AntApp, Button, Card, Form, Input, Result, Spin, Typography } from 'antd';
import { errorMessage, isApiError } from '@corestone/sdk';
import { useSession } from '../session';
import { ERROR_TOAST_SECONDS } from '@corestone/ui/theme';
import { Markdown } from '@corestone/ui/markdown';
import { Heading, ResultTitle } from '@corestone/ui/heading';
import { FORGOT_PASSWORD_ROUTE_STATE } from '../auth/routes';
import { FormattedMessage, useIntl } from 'react-intl';
import { useTranslateKnown } from '../i18n/known';

const page = { minHeight: 'calc(100vh - 64px)', padding: '112px 20px 64px', maxWidth: 880, margin: '0 auto' } as const;

export function NotFound() {
  const navigate = useNavigate();
  return (
    <div style={page}>
      <Result
        status="404"
        title={
          <ResultTitle>
            <FormattedMessage id="notFound.title" defaultMessage="Page not found" />
          </ResultTitle>
        }
        subTitle={<FormattedMessage id="notFound.text" defaultMessage="The page you are looking for does not exist." />}
        extra={
          <Button type="primary" onClick={() => navigate('/')}>
            <FormattedMessage id="notFound.home" defaultMessage="Go Home" />
          </Button>
        }
      />
    </div>
  );
}

const POLICIES = {
  privacy: {
    title: { id: 'policy.privacy.title', defaultMessage: 'Privacy Policy' },
    loading: { id: 'policy.privacy.loading', defaultMessage: 'Loading Privacy Policy...' },
    error: { id: 'policy.privacy.error', defaultMessage: 'Failed to load privacy policy' },
  },
  safeguarding: {
    title: { id: 'policy.safeguarding.title', defaultMessage: 'Safeguarding Policy' },
    loading: { id: 'policy.safeguarding.loading', defaultMessage: 'Loading Safeguarding Policy...' },
    error: { id: 'policy.safeguarding.error', defaultMessage: 'Failed to load safeguarding policy' },
  },
  'client-terms': {
    title: { id: 'policy.clientTerms.title', defaultMessage: 'Client Terms' },
    loading: { id: 'policy.clientTerms.loading', defaultMessage: 'Loading Client Terms...' },
    error: { id: 'policy.clientTerms.error', defaultMessage: 'Failed to load client terms' },
  },
  'academic-integrity': {
    title: { id: 'policy.integrity.title', defaultMessage: 'Academic Integrity Policy' },
    loading: { id: 'policy.integrity.loading', defaultMessage: 'Loading Academic Integrity Policy...' },
    error: { id: 'policy.integrity.error', defaultMessage: 'Failed to load academic integrity policy' },
  },
};

/** The content service has no published text (an administrator withdrew it, or it was never published): not a failure. */
const withdrawn = (e: unknown) => isApiError(e) && e.code === 'CONTENT_NOT_FOUND';

export function PolicyPage({ resource }: { resource: keyof typeof POLICIES }) {
  const { client } = useSession();
  const meta = POLICIES[resource];
  const intl = useIntl();
  // the failure is kept as what happened; its text is written in the page's language when shown
  const [state, setState] = useState<{ content?: string; error?: 'failed' | 'withdrawn' }>({});
  useEffect(() => {
    let alive = true;
    setState({});
    // what visitors see, even for a signed-in editor (whose token would fetch the working copy)
    client.content
      .publicPolicy(resource)
      .then((r) => {
        if (!alive) return;
        if (r?.success && typeof r.data?.content === 'string') setState({ content: r.data.content });
        else setState({ error: 'failed' });
      })
      .catch((e: unknown) => alive && setState({ error: withdrawn(e) ? 'withdrawn' : 'failed' }));
    return () => {
      alive = false;
    };
  }, [client, resource]);

  if (state.error)
    return (
      <div style={{ ...page, textAlign: 'center' }}>
        <Heading level={1} size={2}>
          <FormattedMessage id="policy.errorTitle" defaultMessage="Error" />
        </Heading>
        <Typography.Paragraph type="secondary">
          {state.error === 'withdrawn' ? (
            <FormattedMessage
              id="policy.withdrawn"
              defaultMessage="{title} is not published at the moment. Please check back later."
              values={{ title: intl.formatMessage(meta.title) }}
            />
          ) : (
            intl.formatMessage(meta.error)
          )}
        </Typography.Paragraph>
      </div>
    );
  if (state.content === undefined)
    return (
      <div style={{ ...page, display: 'flex', justifyContent: 'center', alignItems: 'center' }}>
        <Spin size="large" description={intl.formatMessage(meta.loading)}>
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
  const intl = useIntl();
  const known = useTranslateKnown();
  const invalidLink = intl.formatMessage({ id: 'reset.invalidLink', defaultMessage: 'Invalid Link' });
  const invalidLinkText = intl.formatMessage({
    id: 'reset.invalidLinkText',
    defaultMessage: 'This password reset link is invalid or has expired',
  });

  useEffect(() => {
    if (!token) {
      notification.error({ title: invalidLink, description: invalidLinkText, duration: ERROR_TOAST_SECONDS });
      const t = setTimeout(() => navigate('/auth', { replace: true }), 2500);
      return () => clearTimeout(t);
    }
    // the toast once per missing token, not again when the language changes
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [token, navigate, notification]);

  if (!token)
    return (
      <div style={page}>
        <Result status="warning" title={<ResultTitle>{invalidLink}</ResultTitle>} subTitle={invalidLinkText} />
      </div>
    );
  if (linkDead)
    return (
      <div style={page}>
        <Result
          status="warning"
          title={
            <ResultTitle>
              <FormattedMessage id="reset.deadTitle" defaultMessage="Invalid reset token" />
            </ResultTitle>
          }
          subTitle={
            <FormattedMessage
              id="reset.deadText"
              defaultMessage="This link has already been used or has expired: each link works once, for a limited time. Ask for a new link and we will e-mail it to you."
            />
          }
          extra={[
            <Button key="new" type="primary" onClick={() => navigate('/auth', { state: FORGOT_PASSWORD_ROUTE_STATE })}>
              <FormattedMessage id="reset.newLink" defaultMessage="Request a New Link" />
            </Button>,
            <Button key="back" type="link" onClick={() => navigate('/auth')}>
              <FormattedMessage id="auth.backToLogin" defaultMessage="Back to Login" />
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
          title={
            <ResultTitle>
              <FormattedMessage id="reset.doneTitle" defaultMessage="Password reset" />
            </ResultTitle>
          }
          subTitle={<FormattedMessage id="reset.doneText" defaultMessage="Your password has been changed. You can now sign in." />}
          extra={[
            <Button key="login" type="primary" onClick={() => navigate('/auth')}>
              <FormattedMessage id="reset.goToLogin" defaultMessage="Go to Login" />
            </Button>,
            <Button key="back" type="link" onClick={() => navigate('/auth')}>
              <FormattedMessage id="auth.backToLogin" defaultMessage="Back to Login" />
            </Button>,
          ]}
        />
      </div>
    );

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!pw) return setError(known('Password is required'));
    if (pw.length < 6) return setError(intl.formatMessage({ id: 'reset.tooShort', defaultMessage: 'Must be at least 6 characters long' }));
    if (!confirm) return setError(intl.formatMessage({ id: 'reset.required', defaultMessage: 'This field is required' }));
    if (pw !== confirm) return setError(intl.formatMessage({ id: 'password.mismatch', defaultMessage: 'Passwords do not match' }));
    setError(null);
    setBusy(true);
    try {
      await client.auth.resetPassword(token, pw);
      setDone(true);
    } catch (err) {
      if (isDeadResetLink(err)) setLinkDead(true);
      else setError(errorMessage(err, intl.formatMessage({ id: 'reset.failed', defaultMessage: 'Failed to reset password' })));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div style={{ ...page, maxWidth: 480 }}>
      <Card variant="borderless" styles={{ body: { padding: 32 } }}>
        <Heading level={1} size={3} style={{ marginTop: 0 }}>
          <FormattedMessage id="reset.title" defaultMessage="Choose a new password" />
        </Heading>
        <Form layout="vertical" component={false}>
          <form onSubmit={submit} noValidate>
            <Form.Item label={intl.formatMessage({ id: 'reset.newPassword', defaultMessage: 'New Password' })} htmlFor="reset-pw">
              <Input.Password id="reset-pw" value={pw} onChange={(e) => setPw(e.target.value)} autoComplete="new-password" />
            </Form.Item>
            <Form.Item
              label={intl.formatMessage({ id: 'reset.confirm', defaultMessage: 'Confirm New Password' })}
              htmlFor="reset-confirm"
              validateStatus={error ? 'error' : undefined}
              help={error ?? undefined}
            >
              <Input.Password id="reset-confirm" value={confirm} onChange={(e) => setConfirm(e.target.value)} autoComplete="new-password" />
            </Form.Item>
            <Button type="primary" htmlType="submit" block loading={busy}>
              <FormattedMessage id="reset.submit" defaultMessage="Reset Password" />
            </Button>
          </form>
        </Form>
        <div style={{ textAlign: 'center', marginTop: 12 }}>
          <Button type="link" onClick={() => navigate('/auth')}>
            <FormattedMessage id="auth.backToLogin" defaultMessage="Back to Login" />
          </Button>
        </div>
      </Card>
    </div>
  );
}
