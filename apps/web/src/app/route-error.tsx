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
}

/** Catches a failed chunk or a render error below it; reset by remounting with a new key. */
export class RouteErrorBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Page failed', error, info.componentStack);
  }

  override render() {
    return this.state.failed ? <RouteErrorScreen /> : this.props.children;
  }
}
