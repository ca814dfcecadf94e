import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_COORDINATES, type Coordinates } from '@annasetu/domain';
import { useFormat } from '../lib/use-format';
import { Button } from './ui/button';
import { LocateIcon, PinIcon } from './ui/icons';

type GeoState = 'idle' | 'locating' | 'denied' | 'unavailable';

interface LocationPickerProps {
  /** null means "not chosen": the default point (New Delhi) applies. */
  value: Coordinates | null;
  onChange: (value: Coordinates | null) => void;
  error?: string;
}

function sameAsDefault(value: Coordinates | null) {
  return !value || (value.lat === DEFAULT_COORDINATES.lat && value.lng === DEFAULT_COORDINATES.lng);
}

function parseCoordinate(raw: string, limit: number): number | null {
  if (raw.trim() === '') return null;
  const value = Number(raw.replace(',', '.'));
  return Number.isFinite(value) && Math.abs(value) <= limit ? value : null;
}

/**
 * Where the user is: New Delhi until they share their device location or type coordinates.
 * Donations near them and distances are computed from this point.
 */
export function LocationPicker({ value, onChange, error }: LocationPickerProps) {
  const { t } = useTranslation();
  const { number } = useFormat();
  const id = useId();
  const [geo, setGeo] = useState<GeoState>('idle');
  const [manual, setManual] = useState(false);
  const [lat, setLat] = useState(value ? String(value.lat) : '');
  const [lng, setLng] = useState(value ? String(value.lng) : '');
  const [manualError, setManualError] = useState<string | undefined>();

  const point = value ?? DEFAULT_COORDINATES;
  const coords = t('location.coordinates', {
    lat: number(point.lat, { maximumFractionDigits: 4 }),
    lng: number(point.lng, { maximumFractionDigits: 4 }),
  });

  function handleLocate() {
    if (!('geolocation' in navigator)) {
      setGeo('unavailable');
      return;
    }
    setGeo('locating');
    navigator.geolocation.getCurrentPosition(
      (position) => {
        const next = {
          lat: Number(position.coords.latitude.toFixed(6)),
          lng: Number(position.coords.longitude.toFixed(6)),
        };
        setLat(String(next.lat));
        setLng(String(next.lng));
        setGeo('idle');
        onChange(next);
      },
      (failure) => setGeo(failure.code === failure.PERMISSION_DENIED ? 'denied' : 'unavailable'),
      { enableHighAccuracy: false, timeout: 15_000, maximumAge: 60_000 },
    );
  }

  function handleApplyManual() {
    const parsedLat = parseCoordinate(lat, 90);
    const parsedLng = parseCoordinate(lng, 180);
    if (parsedLat === null || parsedLng === null) {
      setManualError(t('errors.COORDINATES_INVALID'));
      return;
    }
    setManualError(undefined);
    onChange({ lat: parsedLat, lng: parsedLng });
  }

  function handleReset() {
    setGeo('idle');
    setLat('');
    setLng('');
    setManualError(undefined);
    onChange(null);
  }

  return (
    <fieldset className="location" aria-describedby={`${id}-current`}>
      <legend className="field__label">
        {t('location.label')}
        <span className="field__optional">{t('common.optional')}</span>
      </legend>
      <p className="location__current" id={`${id}-current`} aria-live="polite">
        <PinIcon className="location__pin" />
        <span>{sameAsDefault(value) ? t('location.defaultPoint', { coords }) : coords}</span>
      </p>
      <p className="field__hint">{t('location.hint')}</p>
      <div className="location__actions">
        <Button
          variant="secondary"
          size="sm"
          icon={<LocateIcon />}
          loading={geo === 'locating'}
          onClick={handleLocate}
        >
          {t('location.useDevice')}
        </Button>
        <Button
          variant="ghost"
          size="sm"
          aria-expanded={manual}
          aria-controls={`${id}-manual`}
          onClick={() => setManual((open) => !open)}
        >
          {t('location.enterManually')}
        </Button>
        {sameAsDefault(value) ? null : (
          <Button variant="ghost" size="sm" onClick={handleReset}>
            {t('location.reset')}
          </Button>
        )}
      </div>
      {geo === 'denied' ? <p className="field__error">{t('location.denied')}</p> : null}
      {geo === 'unavailable' ? <p className="field__error">{t('location.unavailable')}</p> : null}
      {manual ? (
        <div className="location__manual" id={`${id}-manual`}>
          <div className="location__inputs">
            <div className="field">
              <label className="field__label" htmlFor={`${id}-lat`}>
                {t('location.latitude')}
              </label>
              <input
                id={`${id}-lat`}
                className="field__control"
                inputMode="decimal"
                value={lat}
                onChange={(event) => setLat(event.target.value)}
              />
            </div>
            <div className="field">
              <label className="field__label" htmlFor={`${id}-lng`}>
                {t('location.longitude')}
              </label>
              <input
                id={`${id}-lng`}
                className="field__control"
                inputMode="decimal"
                value={lng}
                onChange={(event) => setLng(event.target.value)}
              />
            </div>
          </div>
          <Button variant="secondary" size="sm" onClick={handleApplyManual}>
            {t('location.apply')}
          </Button>
          {manualError ? <p className="field__error">{manualError}</p> : null}
        </div>
      ) : null}
      {error ? <p className="field__error">{error}</p> : null}
    </fieldset>
  );
}
