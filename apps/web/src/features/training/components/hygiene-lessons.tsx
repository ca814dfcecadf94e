import { useTranslation } from 'react-i18next';
import { HYGIENE_TOPICS } from '@annasetu/domain';

/** The five lessons, each a heading and a short paragraph; the quiz links back to them. */
export function HygieneLessons() {
  const { t } = useTranslation();
  return (
    <section className="panel hygiene-lessons" aria-labelledby="hygiene-lessons-heading">
      <h2 id="hygiene-lessons-heading" className="section-heading">
        {t('hygiene.lessons')}
      </h2>
      <ol className="hygiene-lessons__list">
        {HYGIENE_TOPICS.map((topic) => (
          <li key={topic} id={`hygiene-topic-${topic}`} tabIndex={-1}>
            <h3 className="hygiene-lessons__title">{t(`hygiene.topics.${topic}.title`)}</h3>
            <p>{t(`hygiene.topics.${topic}.body`)}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}
