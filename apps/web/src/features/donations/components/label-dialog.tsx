import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Donation, FssaiRecord, UserProfile } from '@annasetu/domain';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { useSession } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { LABEL_LAYOUTS, type LabelLayout } from '../label/layouts';

interface LabelDialogProps {
  donation: Donation | null;
  onClose: () => void;
}

/**
 * The donor's FSSAI number for the label: the donation's own record when the answer carries it
 * (one donation), else the signed-in donor's from their profile (their list leaves it out).
 */
function donorFssaiOf(donation: Donation, user: UserProfile | null): FssaiRecord | null {
  if (donation.donorFssai !== undefined) return donation.donorFssai;
  if (user && user.id === donation.donorId && user.fssaiNumber) {
    return { number: user.fssaiNumber, verified: user.fssaiVerifiedAt !== null };
  }
  return null;
}

/**
 * "Print label": one A6 label or four on an A4 sheet, made in the browser. The PDF code and its
 * fonts load on the first download, not with the page.
 */
export function LabelDialog({ donation, onClose }: LabelDialogProps) {
  const { t, i18n } = useTranslation();
  const { user } = useSession();
  const [layout, setLayout] = useState<LabelLayout>('a6');
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState('');

  async function handleDownload() {
    if (!donation) return;
    setBusy(true);
    setStatus(t('label.preparing'));
    try {
      const module = await import('../label/download-label').catch(() => null);
      if (!module) {
        void toast.error(t('report.libraryError'));
        setStatus('');
        return;
      }
      const language = i18n.resolvedLanguage ?? i18n.language;
      // The English lines read the English catalogue (always loaded: it is the fallback).
      await i18n.loadLanguages('en');
      try {
        await module.downloadLabel(donation, layout, {
          language,
          t: i18n.getFixedT(language),
          english: i18n.getFixedT('en'),
          donorFssai: donorFssaiOf(donation, user ?? null),
          origin: window.location.origin,
          now: Date.now(),
        });
        setStatus('');
        void toast.success(t('label.ready'));
        onClose();
      } catch (error) {
        setStatus('');
        if (error instanceof module.PdfLibraryError) {
          void toast.error(t('report.libraryError'));
        } else {
          // Kept in the console: the toast alone would hide why a label could not be made.
          console.error(error);
          void toast.error(t('label.failed'));
        }
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog
      open={donation !== null}
      title={t('label.dialogTitle', { food: donation?.foodType ?? '' })}
      onClose={onClose}
      busy={busy}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {t('dialog.cancel')}
          </Button>
          <Button loading={busy} onClick={() => void handleDownload()} data-testid="label-download">
            {t('label.download')}
          </Button>
        </>
      }
    >
      <p className="field__hint">{t('label.intro')}</p>
      <fieldset className="choice-group">
        <legend className="field__label">{t('label.paper')}</legend>
        <div className="choice-group__options">
          {LABEL_LAYOUTS.map((value) => (
            <label key={value} className="choice">
              <input
                type="radio"
                name="label-layout"
                value={value}
                checked={layout === value}
                onChange={() => setLayout(value)}
              />
              <span className="choice__title">{t(`label.${value}`)}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <p className="sr-only" role="status">
        {status}
      </p>
    </Dialog>
  );
}
