import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Spinner } from '../../../components/ui/spinner';
import { useFormat } from '../../../lib/use-format';
import { useAdminSms, type AdminSms } from '../api/admin-api';

const KINDS = ['otp', 'alert', 'reply'] as const;
const FIGURES = ['messages', 'segments', 'delivered', 'sent', 'waiting', 'failed'] as const;
// WhatsApp bills conversations, not parts, and sends no codes.
const WHATSAPP_KINDS = ['alert', 'reply'] as const;
const WHATSAPP_FIGURES = FIGURES.filter((figure) => figure !== 'segments');

type Group = { key: string; label: string; counts: AdminSms['total'] };

/**
 * What text messages cost and how they went in the last 24 hours (messages, the parts the
 * operator bills, delivered, sent without a receipt yet, waiting, failed), per kind and in all,
 * and the day's budget left; then the same for WhatsApp. Each shown only where the server sends
 * it.
 */
export function SmsOverview() {
  const { t } = useTranslation();
  const { number } = useFormat();
  const { data, isPending, isError } = useAdminSms();
  if (isPending) return <Spinner label={t('common.loading')} />;
  if (isError) return <Alert tone="error" title={t('admin.sms.error')} />;
  const whatsapp = data.whatsapp.on ? (
    <section className="panel page__section" aria-labelledby="admin-whatsapp-title">
      <h2 id="admin-whatsapp-title" className="section-heading">
        {t('admin.whatsapp.title')}
      </h2>
      <Figures
        groups={[
          { key: 'total', label: t('admin.sms.total'), counts: data.whatsapp.total },
          ...WHATSAPP_KINDS.map((kind) => ({
            key: kind,
            label: t(`admin.sms.kinds.${kind}`),
            counts: data.whatsapp.byKind[kind],
          })),
        ]}
        figures={WHATSAPP_FIGURES}
      />
    </section>
  ) : null;
  if (!data.on) return whatsapp;
  const groups: Group[] = [
    { key: 'total', label: t('admin.sms.total'), counts: data.total },
    ...KINDS.map((kind) => ({
      key: kind,
      label: t(`admin.sms.kinds.${kind}`),
      counts: data.byKind[kind],
    })),
  ];
  return (
    <>
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
        <Figures groups={groups} figures={FIGURES} />
      </section>
      {whatsapp}
    </>
  );
}

function Figures({
  groups,
  figures,
}: {
  groups: Group[];
  figures: readonly (typeof FIGURES)[number][];
}) {
  const { t } = useTranslation();
  const { number } = useFormat();
  return (
    <div className="sms-kinds">
      {groups.map(({ key, label, counts }) => (
        <div key={key} className="sms-kind" data-kind={key}>
          <h3 className="sms-kind__title">{label}</h3>
          <dl className="sms-kind__figures">
            {figures.map((figure) => (
              <div key={figure} className="sms-kind__figure">
                <dt>{t(`admin.sms.figures.${figure}`)}</dt>
                <dd>{number(counts[figure])}</dd>
              </div>
            ))}
          </dl>
        </div>
      ))}
    </div>
  );
}
