import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../components/ui/button';
import { RevealApp } from './first-frame/reveal';
import { pageThatFailedToLoad, type LazyPage } from './lazy-route';

/** How often, and how many times, a page whose code did not come is asked for again. */
const LOAD_AGAIN_EVERY_MS = 5_000;
const LOAD_AGAIN_TRIES = 12;

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
  private stopLoadingAgain?: () => void;

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidUpdate(previous: BoundaryProps, previousState: { failed: boolean }) {
    if (this.state.failed && previous.resetKey !== this.props.resetKey) {
      this.setState({ failed: false });
    }
    // Only once the screen has given way: Preact calls componentDidCatch during the render that
    // failed and this method after it, before the failure's state is applied.
    if (previousState.failed && !this.state.failed) this.stopLoadingAgain?.();
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Page failed', error, info.componentStack);
    const page = pageThatFailedToLoad(error);
    if (page) this.loadAgainWhenTheSignalComes(page);
  }

  override componentWillUnmount() {
    this.stopLoadingAgain?.();
  }

  /**
   * A page whose code did not come (the signal went as the person moved to it: signing out
   * offline just after signing in, say) is asked for again on reconnection and every few
   * seconds while the phone shows a signal (which may come back without a word), and the page
   * takes the error screen's place once it is here. A page that failed as it rendered is not:
   * it would only fail again.
   */
  private loadAgainWhenTheSignalComes(page: LazyPage) {
    this.stopLoadingAgain?.();
    let tries = 0;
    const again = () => {
      if (tries >= LOAD_AGAIN_TRIES) return this.stopLoadingAgain?.();
      tries += 1;
      page.preload().then(
        () => {
          if (this.state.failed) this.setState({ failed: false });
        },
        () => undefined,
      );
    };
    const timer = window.setInterval(() => {
      if (navigator.onLine) again();
    }, LOAD_AGAIN_EVERY_MS);
    window.addEventListener('online', again);
    this.stopLoadingAgain = () => {
      window.clearInterval(timer);
      window.removeEventListener('online', again);
      this.stopLoadingAgain = undefined;
    };
  }

  override render() {
    return this.state.failed ? <RouteErrorScreen /> : this.props.children;
  }
}
