import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { BellIcon } from '../../../components/ui/icons';
import {
  PushError,
  currentPushState,
  disablePush,
  enablePush,
  type PushState,
} from '../lib/push-client';
import '../push.css';

/**
 * Push notifications opt-in: off (none), turning on (in progress), on (registered); or why it
 * cannot work here (blocked by the user, or a browser without push).
 */
export function PushSettings() {
  const { t } = useTranslation();
  const [state, setState] = useState<PushState | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    currentPushState().then(
      (value) => live && setState(value),
      () => live && setState('none'),
    );
    return () => {
      live = false;
    };
  }, []);

  async function handleEnable() {
    setError(null);
    setState('in_progress');
    try {
      await enablePush();
      setState('registered');
    } catch (failure) {
      const code = failure instanceof PushError ? failure.code : 'subscribeFailed';
      if (code === 'blocked') setState('blocked');
      else if (code === 'unsupported') setState('unsupported');
      else {
        setState('none');
        setError(code === 'taken' ? t('errors.PUSH_ENDPOINT_TAKEN') : t(`push.errors.${code}`));
      }
    }
  }

  async function handleDisable() {
    setError(null);
    setState('in_progress');
    try {
      await disablePush();
      setState('none');
    } catch {
      setState('registered');
      setError(t('push.errors.disableFailed'));
    }
  }

  return (
    <section className="panel push-settings" aria-labelledby="push-settings-title">
      <span className="push-settings__icon" aria-hidden="true">
        <BellIcon />
      </span>
      <div className="push-settings__text">
        <h2 id="push-settings-title" className="section-heading">
          {t('push.title')}
        </h2>
        <p
          className="push-settings__status"
          role="status"
          data-testid="push-state"
          data-state={state ?? ''}
        >
          {state ? (
            t(`push.state.${state}`)
          ) : (
            <>
              {/* While the browser is asked, the space of the usual answer ("off") is kept. */}
              <span className="sr-only">{t('common.loading')}</span>
              <span className="push-settings__placeholder" aria-hidden="true">
                {t('push.state.none')}
              </span>
            </>
          )}
        </p>
        {error ? (
          <p className="push-settings__error" role="alert">
            {error}
          </p>
        ) : null}
      </div>
      <div className="push-settings__action">
        {/* While the browser is asked, the button stands in its place in a loading state, so the
            panels below do not move under a finger that is about to tap them. */}
        {state === null || state === 'none' || state === 'in_progress' ? (
          <Button onClick={() => void handleEnable()} loading={state !== 'none'}>
            {t('push.enable')}
          </Button>
        ) : null}
        {state === 'registered' ? (
          <Button variant="secondary" onClick={() => void handleDisable()}>
            {t('push.disable')}
          </Button>
        ) : null}
      </div>
    </section>
  );
}
