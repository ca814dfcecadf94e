import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { UI_LANGUAGES } from '@annasetu/domain';
import { ChevronDownIcon, GlobeIcon } from '../../../components/ui/icons';
import { LANGUAGE_NATIVE_NAMES, isUiLanguage, toUiLanguage } from '../../../lib/languages';
import { SESSION_QUERY_KEY, useSession } from '../../../lib/session';
import { noteLanguageChosenSignedOut, saveLanguage } from '../../../lib/save-language';

/**
 * Switches the UI language. Each option is written in its own script so that anyone can find
 * theirs; the choice is kept on this device and, when signed in, on the account. Where space is
 * short (the phone header) the closed control shows only the globe and the language's code; the
 * select itself still covers the whole box, so tapping anywhere opens the native list.
 */
export function LanguageSelect({ className }: { className?: string }) {
  const { t, i18n } = useTranslation();
  const { user } = useSession();
  const queryClient = useQueryClient();
  const id = useId();
  const current = toUiLanguage(i18n.resolvedLanguage ?? i18n.language);

  async function handleChange(value: string) {
    if (!isUiLanguage(value)) return;
    await i18n.changeLanguage(value);
    // Chosen before signing in: it will win over the account's saved language on sign-in.
    if (!user) noteLanguageChosenSignedOut(value);
    if (user && user.language !== value) {
      const updated = await saveLanguage(value);
      if (updated) queryClient.setQueryData(SESSION_QUERY_KEY, updated);
    }
  }

  return (
    <div className={['language-select', className].filter(Boolean).join(' ')}>
      <label htmlFor={id} className="sr-only">
        {t('language.label')}
      </label>
      <GlobeIcon className="language-select__icon" />
      <span className="language-select__code" aria-hidden="true">
        {current.toUpperCase()}
      </span>
      <select
        id={id}
        className="language-select__control"
        value={current}
        onChange={(event) => void handleChange(event.target.value)}
      >
        {UI_LANGUAGES.map((lng) => (
          <option key={lng} value={lng} lang={lng}>
            {LANGUAGE_NATIVE_NAMES[lng]}
          </option>
        ))}
      </select>
      <ChevronDownIcon className="language-select__arrow" />
    </div>
  );
}
