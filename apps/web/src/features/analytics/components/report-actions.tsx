import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserProfile } from '@annasetu/domain';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../lib/toast';
import { useFormat } from '../../../lib/use-format';
import { getExportRecords } from '../api/get-export-rows';
import { round1, toCsv } from '../lib/csv';
import { saveFile } from '../lib/save-file';
import type { ReportData } from '../report/report-data';

interface ReportActionsProps {
  user: UserProfile;
  /** The report's content, or null while the figures are still loading. */
  report: () => ReportData | null;
}

/** PDF report (library loaded on click), print view, and the CSV of the user's own records. */
export function ReportActions({ user, report }: ReportActionsProps) {
  const { t } = useTranslation();
  const { date } = useFormat();
  const [pdfBusy, setPdfBusy] = useState(false);
  const [csvBusy, setCsvBusy] = useState(false);
  const [status, setStatus] = useState('');

  async function handlePdf() {
    const data = report();
    if (!data) return;
    setPdfBusy(true);
    setStatus(t('report.preparing'));
    try {
      const { downloadReport, PdfLibraryError } = await import('../report/download-report').catch(
        () => ({ downloadReport: null, PdfLibraryError: null }),
      );
      if (!downloadReport) {
        window.alert(t('report.libraryError'));
        return;
      }
      try {
        await downloadReport(data);
        setStatus(t('report.ready'));
      } catch (error) {
        if (PdfLibraryError && error instanceof PdfLibraryError)
          window.alert(t('report.libraryError'));
        else {
          // Kept in the console: the toast alone would hide why a report could not be made.
          console.error(error);
          void toast.error(t('report.failed'));
        }
        setStatus('');
      }
    } finally {
      setPdfBusy(false);
    }
  }

  async function handleCsv() {
    setCsvBusy(true);
    try {
      const records = await getExportRecords(user);
      const header = [
        t('report.csv.date'),
        t('report.csv.kind'),
        t('report.csv.food'),
        t('report.csv.quantity'),
        t('report.csv.counted'),
        t('report.csv.unit'),
        t('report.csv.status'),
        t('report.csv.meals'),
        t('report.csv.kg'),
        t('report.csv.co2'),
        t('report.csv.counterpart'),
      ];
      const rows = records.map((r) => [
        r.date.slice(0, 10),
        t(`report.csv.kinds.${r.kind}`),
        r.food,
        r.quantity,
        r.counted ?? '',
        t(`impact.units.${r.unit}`),
        t(`impact.status.${r.status}`),
        round1(r.meals),
        round1(r.kg),
        round1(r.co2Kg),
        r.counterpart,
      ]);
      const stamp = new Date().toISOString().slice(0, 10);
      saveFile(
        new Blob([toCsv([header, ...rows])], { type: 'text/csv;charset=utf-8' }),
        `annasetu-impact-${stamp}.csv`,
      );
      setStatus(t('report.csvReady', { records: records.length, date: date(new Date()) }));
    } catch {
      void toast.error(t('report.csvFailed'));
    } finally {
      setCsvBusy(false);
    }
  }

  return (
    <div className="report-actions">
      <Button onClick={handlePdf} loading={pdfBusy} data-testid="download-pdf">
        {t('report.downloadPdf')}
      </Button>
      <Button variant="secondary" onClick={() => window.print()}>
        {t('report.print')}
      </Button>
      <Button variant="secondary" onClick={handleCsv} loading={csvBusy} data-testid="export-csv">
        {t('report.exportCsv')}
      </Button>
      <p className="sr-only" role="status">
        {status}
      </p>
    </div>
  );
}
