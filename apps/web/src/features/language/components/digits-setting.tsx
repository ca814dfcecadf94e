import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckboxField } from '../../../components/ui/field';
import {
  hasNativeDigits,
  setNativeDigits,
  subscribeNativeDigits,
  usesNativeDigits,
} from '../../../lib/format';

const NATIVE_SAMPLE: Readonly<Record<string, string>> = {
  hi: '१,००,०००',
  mr: '१,००,०००',
  pa: '੧,੦੦,੦੦੦',
  bn: '১,০০,০০০',
  te: '౧,౦౦,౦౦౦',
  kn: '೧,೦೦,೦೦೦',
  ta: '௧,௦௦,௦௦௦',
};

/**
 * Latin digits with Indian grouping by default; a reader of a script with its own digits may
 * switch to them on this device. Nothing to choose in English.
 */
export function DigitsSetting() {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const native = useSyncExternalStore(subscribeNativeDigits, usesNativeDigits, () => false);
  if (!hasNativeDigits(language)) return null;
  return (
    <section className="panel page__section" aria-labelledby="digits-setting-title">
      <h2 id="digits-setting-title" className="section-heading">
        {t('language.digitsTitle')}
      </h2>
      <CheckboxField
        label={t('language.nativeDigits', { example: NATIVE_SAMPLE[language] ?? '' })}
        name="nativeDigits"
        checked={native}
        data-testid="native-digits"
        onChange={(event) => setNativeDigits(event.target.checked)}
      />
    </section>
  );
}
