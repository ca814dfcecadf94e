import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { translateCode } from '../../../lib/errors';
import type { PhotoUpload } from '../hooks/use-photo-upload';
import '../requests.css';

/**
 * The optional photo of the food at pickup. On a phone the picker offers the back camera; the
 * photo uploads as soon as it is chosen, with a progress bar, and can be replaced, removed or
 * retried.
 */
export function PhotoPicker({ upload }: { upload: PhotoUpload }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const { state } = upload;
  const percent = Math.round(state.progress * 100);

  function handlePick(event: React.ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // Cleared so that picking the same file again still fires a change.
    event.target.value = '';
    if (file) upload.start(file);
  }

  return (
    <div className="field photo-picker" role="group" aria-labelledby={`${id}-label`}>
      <span id={`${id}-label`} className="field__label">
        {t('requests.photo.label')}
        <span className="field__optional">{t('requests.photo.optional')}</span>
      </span>
      <span id={`${id}-hint`} className="field__hint">
        {t('requests.photo.hint')}
      </span>
      <input
        ref={input}
        id={`${id}-input`}
        className="sr-only"
        type="file"
        accept="image/*"
        capture="environment"
        tabIndex={-1}
        // Reached only through the buttons, which carry the name: one control, one name.
        aria-hidden="true"
        onChange={handlePick}
      />
      {state.preview ? (
        <div className="photo-picker__row">
          <img
            className="photo-picker__thumb"
            src={state.preview}
            alt={t('requests.photo.previewAlt')}
            width={96}
            height={96}
          />
          <div className="photo-picker__status">
            {state.status === 'uploading' ? (
              <>
                <span id={`${id}-progress`}>{t('requests.photo.uploading', { percent })}</span>
                <progress
                  className="photo-picker__progress"
                  max={100}
                  value={percent}
                  aria-labelledby={`${id}-progress`}
                />
              </>
            ) : null}
            {state.status === 'done' ? (
              <span className="photo-picker__done" role="status">
                {t('requests.photo.uploaded')}
              </span>
            ) : null}
            {state.status === 'failed' ? (
              <span className="field__error" role="alert">
                {t('requests.photo.failed')} {translateCode(t, state.error ?? 'NETWORK_ERROR')}
              </span>
            ) : null}
            <div className="photo-picker__actions">
              {state.status === 'failed' ? (
                <Button size="sm" onClick={upload.retry}>
                  {t('requests.photo.retry')}
                </Button>
              ) : null}
              <Button size="sm" variant="secondary" onClick={() => input.current?.click()}>
                {t('requests.photo.replace')}
              </Button>
              <Button size="sm" variant="secondary" onClick={upload.remove}>
                {t('requests.photo.remove')}
              </Button>
            </div>
          </div>
        </div>
      ) : (
        <div>
          <Button size="sm" variant="secondary" onClick={() => input.current?.click()}>
            {t('requests.photo.choose')}
          </Button>
        </div>
      )}
      {state.error && state.status !== 'failed' ? (
        <span className="field__error" role="alert">
          {translateCode(t, state.error)}
        </span>
      ) : null}
    </div>
  );
}
