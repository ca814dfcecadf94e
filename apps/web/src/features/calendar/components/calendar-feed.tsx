import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { translateError } from '../../../lib/errors';
import { toast } from '../../../lib/toast';
import { useCalendarFeed, useResetCalendarFeed, useRevokeCalendarFeed } from '../api/calendar';

/**
 * The QR code of the `webcal://` address, drawn in the browser (the secret never leaves it). The
 * encoder (~9 KB gzip) loads with the feed, not with the profile page.
 */
function FeedQrCode({ value, label }: { value: string; label: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void import('qrcode')
      .then(({ default: QRCode }) => QRCode.toDataURL(value, { margin: 1, width: 192 }))
      .then((url) => {
        if (live) setSrc(url);
      });
    return () => {
      live = false;
    };
  }, [value]);
  return src ? (
    <img className="calendar-feed__qr" src={src} alt={label} width={192} height={192} />
  ) : null;
}

/**
 * The profile's calendar feed: pickups, incoming deliveries and scheduled donations in the
 * user's own calendar app, through a secret address they can replace or revoke.
 */
export function CalendarFeedSettings() {
  const { t } = useTranslation();
  const query = useCalendarFeed();
  const reset = useResetCalendarFeed();
  const revoke = useRevokeCalendarFeed();
  const feed = query.data?.feed ?? null;
  const fail = (error: unknown) => void toast.error(translateError(t, error));

  return (
    <section className="panel page__section" aria-labelledby="calendar-title">
      <h2 id="calendar-title" className="section-heading">
        {t('calendar.title')}
      </h2>
      <p className="field__hint">{t('calendar.description')}</p>
      {feed ? (
        <div className="calendar-feed">
          <FeedQrCode value={feed.webcal} label={t('calendar.qrAlt')} />
          <div className="calendar-feed__text">
            <p className="field__label">{t('calendar.linkLabel')}</p>
            <p className="calendar-feed__url" dir="ltr">
              <a href={feed.webcal}>{feed.webcal}</a>
            </p>
            <p className="field__hint">{t('calendar.secret')}</p>
            <div className="item-card__actions">
              <Button
                size="sm"
                variant="secondary"
                onClick={() =>
                  void navigator.clipboard
                    ?.writeText(feed.url)
                    .then(() => toast.success(t('calendar.copied')))
                }
              >
                {t('calendar.copy')}
              </Button>
              <Button
                size="sm"
                variant="secondary"
                loading={reset.isPending}
                onClick={() =>
                  reset.mutate(undefined, {
                    onSuccess: () => void toast.success(t('calendar.replaced')),
                    onError: fail,
                  })
                }
              >
                {t('calendar.replace')}
              </Button>
              <Button
                size="sm"
                variant="secondary"
                loading={revoke.isPending}
                onClick={() =>
                  revoke.mutate(undefined, {
                    onSuccess: () => void toast.success(t('calendar.revoked')),
                    onError: fail,
                  })
                }
              >
                {t('calendar.revoke')}
              </Button>
            </div>
          </div>
        </div>
      ) : query.isSuccess || query.isPending ? (
        // While the feed loads, the button stands in its place in a loading state, so the panels
        // below do not move under a finger that is about to tap them.
        <Button
          loading={reset.isPending || query.isPending}
          onClick={() =>
            reset.mutate(undefined, {
              onSuccess: () => void toast.success(t('calendar.created')),
              onError: fail,
            })
          }
        >
          {t('calendar.create')}
        </Button>
      ) : null}
    </section>
  );
}
