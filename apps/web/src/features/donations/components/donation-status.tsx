import { useTranslation } from 'react-i18next';
import type { DonationStatus } from '@annasetu/domain';

/** The donation's state as a coloured label (pending, accepted, rejected, completed, expired). */
export function DonationStatusBadge({ status }: { status: DonationStatus }) {
  const { t } = useTranslation();
  return <span className={`status status--${status}`}>{t(`donations.status.${status}`)}</span>;
}
