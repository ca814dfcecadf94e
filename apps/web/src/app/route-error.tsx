import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../components/ui/button';
import { RevealApp } from './first-frame/reveal';

/** Shown when a page fails to load or render: say so and offer the one fix that works. */
export function RouteErrorScreen() {
  const { t } = useTranslation();
  return (
    <main className="route-error" id="main" data-route-error="">
      <h1>{t('routeError.title')}</h1>
      <p>{t('routeError.body')}</p>
      <Button onClick={() => window.location.reload()}>{t('routeError.reload')}</Button>
      <RevealApp />
    </main>
  );
}

interface BoundaryProps {
  children: ReactNode;
  /** The page's address: the error screen gives way when it changes. */
  resetKey: string;
}

/**
 * Catches a failed chunk or a render error below it, until the address changes. It is reset in
 * place, not remounted with a new key: a key would rebuild everything inside on every
 * navigation, the signed-in layout with its open menu and its live connection included.
 */
export class RouteErrorBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidUpdate(previous: BoundaryProps) {
    if (this.state.failed && previous.resetKey !== this.props.resetKey) {
      this.setState({ failed: false });
    }
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Page failed', error, info.componentStack);
  }

  override render() {
    return this.state.failed ? <RouteErrorScreen /> : this.props.children;
  }
}
