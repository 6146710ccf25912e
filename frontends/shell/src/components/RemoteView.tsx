import { useEffect, useState, type ComponentType } from 'react';
import { Button, Result, Spin } from 'antd';
import { loadRemoteComponent, ModuleUnavailableError } from '../federation';
import { ErrorBoundary } from './ErrorBoundary';

interface Props<P> {
  remote: string;
  expose: string;
  props: P;
  /** shown when the remote is not listed in the manifest or fails to load */
  unavailable?: (error: Error, retry: () => void) => React.ReactNode;
}

/** Renders a component exposed by a runtime-registered remote, with loading and retry states. */
export function RemoteView<P extends object>({ remote, expose, props, unavailable }: Props<P>) {
  const [state, setState] = useState<{ Comp?: ComponentType<P>; error?: Error }>({});
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let alive = true;
    setState({});
    loadRemoteComponent<ComponentType<P>>(remote, expose).then(
      (Comp) => alive && setState({ Comp }),
      (error: Error) => alive && setState({ error }),
    );
    return () => {
      alive = false;
    };
  }, [remote, expose, attempt]);

  const retry = () => setAttempt((n) => n + 1);
  if (state.error) {
    if (unavailable) return <>{unavailable(state.error, retry)}</>;
    return <ModuleError error={state.error} retry={retry} />;
  }
  if (!state.Comp) {
    return (
      <div role="status" style={{ minHeight: '60vh', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
        <Spin size="large" description="Loading…" />
      </div>
    );
  }
  const Comp = state.Comp;
  return (
    <ErrorBoundary
      key={attempt}
      fallback={(error, reset) => (
        <ModuleError
          error={error}
          retry={() => {
            reset();
            retry();
          }}
        />
      )}
    >
      <Comp {...props} />
    </ErrorBoundary>
  );
}

function ModuleError({ error, retry }: { error: Error; retry: () => void }) {
  console.error('remote module failed', error); // for operators; a person sees the plain text below
  return (
    <div style={{ padding: '96px 16px' }}>
      <Result
        status="warning"
        title="This part of Corestone could not be loaded"
        subTitle={error instanceof ModuleUnavailableError ? error.message : 'Please check your connection and try again in a moment.'}
        extra={
          <Button type="primary" onClick={retry}>
            Try Again
          </Button>
        }
      />
    </div>
  );
}
