import { useTranslation } from 'react-i18next';
import { CheckboxField } from '../../../components/ui/field';
import { useDataSaver } from '../../../lib/data-saver';

/** The data saver switch on the profile: maps and photos wait for a tap on this device. */
export function DataSaverSetting() {
  const { t } = useTranslation();
  const [on, setOn] = useDataSaver();
  return (
    <section className="panel page__section" aria-labelledby="data-saver-title">
      <h2 id="data-saver-title" className="section-heading">
        {t('dataSaver.title')}
      </h2>
      <CheckboxField
        label={t('dataSaver.label')}
        name="dataSaver"
        checked={on}
        aria-describedby="data-saver-hint"
        data-testid="data-saver"
        onChange={(event) => setOn(event.target.checked)}
      />
      <p id="data-saver-hint" className="field__hint">
        {t('dataSaver.hint')}
      </p>
    </section>
  );
}
