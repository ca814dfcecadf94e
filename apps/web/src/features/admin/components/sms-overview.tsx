import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Spinner } from '../../../components/ui/spinner';
import { useFormat } from '../../../lib/use-format';
import { useAdminSms, type AdminSms } from '../api/admin-api';

const KINDS = ['otp', 'alert', 'reply'] as const;
const FIGURES = ['messages', 'segments', 'delivered', 'sent', 'waiting', 'failed'] as const;

/**
 * What text messages cost and how they went in the last 24 hours (messages, the parts the
 * operator bills, delivered, sent without a receipt yet, waiting, failed), per kind and in all,
 * and the day's budget left. Shown only where the server sends SMS.
 */
export function SmsOverview() {
  const { t } = useTranslation();
  const { number } = useFormat();
  const { data, isPending, isError } = useAdminSms();
  if (isPending) return <Spinner label={t('common.loading')} />;
  if (isError) return <Alert tone="error" title={t('admin.sms.error')} />;
  if (!data.on) return null;
  const groups: { key: string; label: string; counts: AdminSms['total'] }[] = [
    { key: 'total', label: t('admin.sms.total'), counts: data.total },
    ...KINDS.map((kind) => ({
      key: kind,
      label: t(`admin.sms.kinds.${kind}`),
      counts: data.byKind[kind],
    })),
  ];
  return (
    <section className="panel page__section" aria-labelledby="admin-sms-title">
      <h2 id="admin-sms-title" className="section-heading">
        {t('admin.sms.title')}
      </h2>
      <p className={data.budgetLeft === 0 ? 'alert alert--error' : 'field__hint'}>
        {t('admin.sms.budget', {
          left: number(data.budgetLeft),
          budget: number(data.dailyBudget),
        })}
      </p>
      <div className="sms-kinds">
        {groups.map(({ key, label, counts }) => (
          <div key={key} className="sms-kind" data-kind={key}>
            <h3 className="sms-kind__title">{label}</h3>
            <dl className="sms-kind__figures">
              {FIGURES.map((figure) => (
                <div key={figure} className="sms-kind__figure">
                  <dt>{t(`admin.sms.figures.${figure}`)}</dt>
                  <dd>{number(counts[figure])}</dd>
                </div>
              ))}
            </dl>
          </div>
        ))}
      </div>
    </section>
  );
}
