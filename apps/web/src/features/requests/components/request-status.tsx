import { useTranslation } from 'react-i18next';
import type { RequestStatus } from '@annasetu/domain';

/** The request's state as a coloured label. */
export function RequestStatusBadge({ status }: { status: RequestStatus }) {
  const { t } = useTranslation();
  return <span className={`status status--${status}`}>{t(`requests.status.${status}`)}</span>;
}
