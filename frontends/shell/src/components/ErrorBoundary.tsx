import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button, Result } from 'antd';
import { ResultTitle } from '@corestone/ui/heading';
import { FormattedMessage } from 'react-intl';
import { IntlRoot } from '@corestone/ui/i18n';
import { loadCatalog } from '../i18n/catalog';

interface Props {
  children: ReactNode;
  /** render instead of the full-page crash screen */
  fallback?: (error: Error, reset: () => void) => ReactNode;
}

export class ErrorBoundary extends Component<Props, { error: Error | null }> {
  override state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Application error', error, info.componentStack);
  }

  reset = () => this.setState({ error: null });

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    if (this.props.fallback) return this.props.fallback(error, this.reset);
    // the app's own react-intl provider may be what failed, or lie inside this boundary: the crash screen brings its own
    return (
      <IntlRoot catalog={loadCatalog}>
        <div style={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
          <Result
            status="error"
            title={
              <ResultTitle>
                <FormattedMessage id="crash.title" defaultMessage="Application Error" />
              </ResultTitle>
            }
            subTitle={<FormattedMessage id="crash.text" defaultMessage="Something went wrong. Please refresh the page." />}
            extra={
              <Button type="primary" onClick={() => window.location.reload()}>
                <FormattedMessage id="crash.refresh" defaultMessage="Refresh Page" />
              </Button>
            }
          />
        </div>
      </IntlRoot>
    );
  }
}
