import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserProfile } from '@annasetu/domain';
import { Button } from '../../../components/ui/button';
import { CheckboxField } from '../../../components/ui/field';
import { toast } from '../../../lib/toast';
import { publicBadgePath, publicOrgPath } from '../api/get-public-org';
import { useUpdatePublicImpact, type PublicImpactSetting } from '../api/update-public-impact';
import '../impact.css';

/** The badge as HTML to paste into a website: the image, linked to the public page. */
export function embedSnippet(pageUrl: string, badgeUrl: string, alt: string): string {
  const escape = (text: string) =>
    text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  return `<a href="${escape(pageUrl)}"><img src="${escape(badgeUrl)}" alt="${escape(alt)}" height="64"></a>`;
}

function copy(text: string, done: string, failed: string) {
  const clipboard = typeof navigator === 'undefined' ? undefined : navigator.clipboard;
  if (!clipboard) {
    toast.error(failed);
    return;
  }
  void clipboard.writeText(text).then(
    () => toast.success(done),
    () => toast.error(failed),
  );
}

/**
 * "Publish my impact" on the profile, off by default. When on: the public page's address and
 * the badge with its embed code, both to copy; turning it off takes both down at once.
 */
export function PublishImpactSetting({ user }: { user: UserProfile & PublicImpactSetting }) {
  const { t, i18n } = useTranslation();
  const mutation = useUpdatePublicImpact();
  // While saving, show the value asked for, so the box does not jump back (as the email switch).
  const [asked, setAsked] = useState<boolean | null>(null);
  const published = asked ?? Boolean(user.publicImpact);
  const slug = asked === null && user.publicImpact ? (user.publicSlug ?? null) : null;
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  const language = i18n.resolvedLanguage ?? 'en';
  const pageUrl = slug ? `${origin}${publicOrgPath(slug)}` : '';
  const badgeUrl = slug ? `${origin}${publicBadgePath(slug, language)}` : '';
  const name = user.organizationName || user.name;
  const alt = t('publicImpact.setting.badgeAlt', { name });
  const snippet = slug ? embedSnippet(pageUrl, badgeUrl, alt) : '';

  function handleChange(next: boolean) {
    if (asked !== null) return;
    setAsked(next);
    mutation.mutate(next, {
      onSuccess: () =>
        toast.success(t(next ? 'publicImpact.setting.turnedOn' : 'publicImpact.setting.turnedOff')),
      onError: () => toast.error(t('publicImpact.setting.saveError')),
      onSettled: () => setAsked(null),
    });
  }

  return (
    <section className="panel page__section" aria-labelledby="publish-impact-title">
      <h2 id="publish-impact-title" className="section-heading">
        {t('publicImpact.setting.title')}
      </h2>
      <CheckboxField
        label={t('publicImpact.setting.label')}
        name="publicImpact"
        checked={published}
        aria-describedby="publish-impact-hint"
        data-testid="public-impact"
        onChange={(event) => handleChange(event.target.checked)}
      />
      <p id="publish-impact-hint" className="field__hint">
        {t('publicImpact.setting.hint')}
      </p>
      {slug ? (
        <div className="publish-impact" data-testid="public-impact-links">
          <p className="field__label">{t('publicImpact.setting.link')}</p>
          <p className="publish-impact__url" dir="ltr">
            <a href={publicOrgPath(slug)}>{pageUrl}</a>
          </p>
          <Button
            size="sm"
            variant="secondary"
            onClick={() =>
              copy(pageUrl, t('publicImpact.setting.copied'), t('publicImpact.setting.copyFailed'))
            }
          >
            {t('publicImpact.setting.copyLink')}
          </Button>
          <p className="field__label">{t('publicImpact.setting.badge')}</p>
          <img className="publish-impact__badge" src={badgeUrl} alt={alt} height={64} />
          <label className="field__label" htmlFor="publish-impact-embed">
            {t('publicImpact.setting.embed')}
          </label>
          <textarea
            id="publish-impact-embed"
            className="field__control field__control--textarea publish-impact__code"
            readOnly
            rows={3}
            dir="ltr"
            value={snippet}
            onFocus={(event) => event.currentTarget.select()}
          />
          <Button
            size="sm"
            variant="secondary"
            onClick={() =>
              copy(snippet, t('publicImpact.setting.copied'), t('publicImpact.setting.copyFailed'))
            }
          >
            {t('publicImpact.setting.copyEmbed')}
          </Button>
        </div>
      ) : null}
    </section>
  );
}
