import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, Result } from 'antd';
import { FullPageLoading } from '../components/FullPageLoading';
import { ResultTitle } from '@corestone/ui/heading';
import { CALLBACK_MESSAGES, CallbackError, useSession } from '../session';
import { FormattedMessage } from 'react-intl';
import { useTranslateKnown } from '../i18n/known';

/**
 * /auth/google/callback (spec §2 'Completes Google sign-in'): auth sends the browser here with
 * access_token, refresh_token and oauth=success (or token plus user). The session stores them and
 * removes them from the URL; then on to /dashboard, or 'Authentication Failed' with a retry.
 */
export function GoogleCallbackPage() {
  const session = useSession();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const started = useRef(false);
  const known = useTranslateKnown();

  useEffect(() => {
    // after the session restored whatever it had, so that the two never interleave
    if (session.status === 'initialising' || started.current) return;
    started.current = true;
    // An LTI launch names where the person lands (issue 32): a path of this app only.
    const next = new URLSearchParams(window.location.search).get('next');
    const landing = next && /^\/(?![/\\])/.test(next) ? next : '/dashboard';
    session.signInFromUrl().then(
      () => navigate(landing, { replace: true }),
      (err: unknown) => setFailure(err instanceof CallbackError ? err.message : CALLBACK_MESSAGES.failed),
    );
  }, [session, navigate]);

  if (!failure)
    return (
      <FullPageLoading
        title={<FormattedMessage id="google.completing" defaultMessage="Completing Google sign-in..." />}
        subtitle={<FormattedMessage id="google.wait" defaultMessage="Please wait while we sign you in." />}
      />
    );
  return (
    <div
      style={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        padding: '48px 16px',
        background: '#f5f7fb',
      }}
    >
      <Result
        status="error"
        title={
          <ResultTitle>
            <FormattedMessage id="google.authFailed" defaultMessage="Authentication Failed" />
          </ResultTitle>
        }
        subTitle={known(failure)}
        data-testid="google-callback-failed"
        extra={
          <Button type="primary" onClick={() => navigate('/auth', { replace: true })}>
            <FormattedMessage id="remote.tryAgain" defaultMessage="Try Again" />
          </Button>
        }
      />
    </div>
  );
}
