import { useTranslation } from 'react-i18next';
import { summariseImpactBasis } from '@annasetu/domain';
import { useFormat } from '../../lib/use-format';

/**
 * The line under meals and kg that says which of them were weighed or counted at pickup or on
 * arrival and which rest on the donor's estimate (decision 0064). Nothing while no donation was
 * delivered.
 */
export function ImpactBasisNote({
  counted,
  measured,
  testId = 'impact-basis',
}: {
  counted: number;
  measured: number;
  testId?: string;
}) {
  const { t } = useTranslation();
  const { number } = useFormat();
  const basis = summariseImpactBasis(counted, measured);
  if (!basis) return null;
  return (
    <p className="field__hint" data-testid={testId}>
      {t(`impact.basis.${basis.key}`, {
        measured: number(basis.measured),
        counted: number(basis.counted),
        estimated: number(basis.estimated),
      })}
    </p>
  );
}
