import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { indiaDate, type UserProfile } from '@annasetu/domain';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { isApiError } from '../../../lib/api-client';
import { translateError } from '../../../lib/errors';
import { toast } from '../../../lib/toast';
import { useFormat } from '../../../lib/use-format';
import { getRegister, getRegisterCsv } from '../api/get-register';
import { buildRegisterData } from '../lib/register-rows';
import { saveFile } from '../lib/save-file';

/** A period's problem the server named: shown under the field it belongs to. */
type PeriodProblem = { field: 'from' | 'to'; code: string } | null;

function periodProblemOf(error: unknown): PeriodProblem {
  if (!isApiError(error) || error.status !== 400) return null;
  const issue = error.details.find((d) => /(^|\.)(from|to)$/.test(d.field));
  if (!issue) return null;
  return { field: issue.field.endsWith('from') ? 'from' : 'to', code: issue.code };
}

/**
 * A food bank's register of food received (decision 0063): a period of India days, this month
 * so far to start with, downloaded as CSV (made by the server, headings in the reader's
 * language) or as PDF (made here with pdfmake, loaded on the first click).
 */
export function RegisterSection({ user }: { user: UserProfile }) {
  const { t, i18n } = useTranslation();
  const { number, date, language } = useFormat();
  const today = indiaDate(Date.now());
  const [from, setFrom] = useState(`${today.slice(0, 8)}01`);
  const [to, setTo] = useState(today);
  const [busy, setBusy] = useState<'csv' | 'pdf' | null>(null);
  const [status, setStatus] = useState('');
  const [problem, setProblem] = useState<PeriodProblem>(null);
  const uiLanguage = i18n.resolvedLanguage ?? language;

  function failed(error: unknown) {
    const found = periodProblemOf(error);
    setProblem(found);
    setStatus('');
    if (!found) void toast.error(`${t('foodRegister.failed')} ${translateError(t, error)}`);
  }

  async function handleCsv() {
    setBusy('csv');
    setProblem(null);
    setStatus(t('foodRegister.preparing'));
    try {
      const csv = await getRegisterCsv({ from, to }, uiLanguage);
      saveFile(csv, `annasetu-register-${from}-${to}.csv`);
      setStatus(t('foodRegister.csvReady'));
    } catch (error) {
      failed(error);
    } finally {
      setBusy(null);
    }
  }

  async function handlePdf() {
    setBusy('pdf');
    setProblem(null);
    setStatus(t('foodRegister.preparing'));
    try {
      const register = await getRegister({ from, to });
      const pdf = await import('../report/download-register').catch(() => null);
      if (!pdf) {
        window.alert(t('report.libraryError'));
        setStatus('');
        return;
      }
      const data = buildRegisterData({
        t,
        language: uiLanguage,
        number,
        date,
        user,
        period: { from, to },
        records: register.items,
        now: new Date(),
      });
      try {
        await pdf.downloadRegister(data);
        setStatus(t('foodRegister.pdfReady', { records: number(register.items.length) }));
      } catch (error) {
        if (error instanceof pdf.PdfLibraryError) window.alert(t('report.libraryError'));
        else {
          // Kept in the console: the toast alone would hide why a register could not be made.
          console.error(error);
          void toast.error(t('foodRegister.failed'));
        }
        setStatus('');
      }
    } catch (error) {
      failed(error);
    } finally {
      setBusy(null);
    }
  }

  const message = (field: 'from' | 'to') =>
    problem?.field === field ? t(`errors.${problem.code}`, t('errors.INVALID_VALUE')) : undefined;
  return (
    <section
      className="panel page__section food-register"
      aria-labelledby="food-register"
      data-testid="food-register"
    >
      <h2 id="food-register" className="section-heading">
        {t('foodRegister.title')}
      </h2>
      <p className="field__hint">{t('foodRegister.description')}</p>
      <div className="food-register__period">
        <TextField
          type="date"
          label={t('foodRegister.from')}
          value={from}
          max={today}
          required
          onChange={(event) => setFrom(event.target.value)}
          error={message('from')}
        />
        <TextField
          type="date"
          label={t('foodRegister.to')}
          value={to}
          max={today}
          required
          onChange={(event) => setTo(event.target.value)}
          error={message('to')}
        />
      </div>
      <div className="report-actions">
        <Button
          onClick={handleCsv}
          loading={busy === 'csv'}
          disabled={busy !== null}
          data-testid="register-csv"
        >
          {t('foodRegister.downloadCsv')}
        </Button>
        <Button
          variant="secondary"
          onClick={handlePdf}
          loading={busy === 'pdf'}
          disabled={busy !== null}
          data-testid="register-pdf"
        >
          {t('foodRegister.downloadPdf')}
        </Button>
      </div>
      <p className="sr-only" role="status">
        {status}
      </p>
    </section>
  );
}
