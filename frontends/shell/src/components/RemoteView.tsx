import { useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { Button, Result, Spin } from 'antd';
import { loadRemoteModule, ModuleUnavailableError } from '../federation';
import { ErrorBoundary } from './ErrorBoundary';
import { ResultTitle } from '@corestone/ui/heading';
import { FormattedMessage, useIntl } from 'react-intl';

interface Props<P> {
  remote: string;
  expose: string;
  props: P;
  /** shown when the remote is not listed in the manifest or fails to load (the retry screen otherwise) */
  unavailable?: (error: Error, retry: () => void) => ReactNode;
  /**
   * What a failure screen sits in. The dashboard's and the back office's frame (menu, Logout, top
   * bar) belong to their remote, so without this a failed remote would leave no way to go anywhere.
   */
  frame?: (screen: ReactNode, retry: () => void) => ReactNode;
}

/** Renders a component exposed by a runtime-registered remote, with loading and retry states. */
export function RemoteView<P extends object>({ remote, expose, props, unavailable, frame = (screen) => screen }: Props<P>) {
  const [state, setState] = useState<{ Comp?: ComponentType<P>; error?: Error }>({});
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let alive = true;
    setState({});
    loadRemoteModule<ComponentType<P>>(remote, expose).then(
      (Comp) => alive && setState({ Comp }),
      (error: Error) => alive && setState({ error }),
    );
    return () => {
      alive = false;
    };
  }, [remote, expose, attempt]);

  const retry = () => setAttempt((n) => n + 1);
  const intl = useIntl();
  if (state.error) {
    return <>{frame(unavailable ? unavailable(state.error, retry) : <ModuleError error={state.error} retry={retry} />, retry)}</>;
  }
  if (!state.Comp) {
    return (
      <div role="status" style={{ minHeight: '60vh', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
        <Spin size="large" description={intl.formatMessage({ id: 'loading.page', defaultMessage: 'Loading…' })} />
      </div>
    );
  }
  const Comp = state.Comp;
  return (
    <ErrorBoundary
      key={attempt}
      fallback={(error, reset) => {
        const again = () => {
          reset();
          retry();
        };
        return <>{frame(<ModuleError error={error} retry={again} />, again)}</>;
      }}
    >
      <Comp {...props} />
    </ErrorBoundary>
  );
}

/** The default retry screen; `title` and `subTitle` replace its texts (the admin area has its own). */
export function ModuleError({
  error,
  retry,
  title,
  subTitle,
}: {
  error: Error;
  retry: () => void;
  title?: ReactNode;
  subTitle?: ReactNode;
}) {
  console.error('remote module failed', error); // for operators; a person sees the plain text below
  return (
    <div style={{ padding: '64px 0' }}>
      <Result
        status="warning"
        // the screen's one h1 (the remote that failed would have brought its own)
        title={
          <ResultTitle>
            {title ?? <FormattedMessage id="remote.failedTitle" defaultMessage="This part of Corestone could not be loaded" />}
          </ResultTitle>
        }
        subTitle={
          subTitle ??
          (error instanceof ModuleUnavailableError ? (
            <FormattedMessage
              id="remote.unavailable"
              defaultMessage={'The "{remote}" module is not available right now.'}
              values={{ remote: error.remote }}
            />
          ) : (
            <FormattedMessage id="remote.checkConnection" defaultMessage="Please check your connection and try again in a moment." />
          ))
        }
        extra={
          <Button type="primary" onClick={retry}>
            <FormattedMessage id="remote.tryAgain" defaultMessage="Try Again" />
          </Button>
        }
      />
    </div>
  );
}
