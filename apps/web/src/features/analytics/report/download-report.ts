import { fontsFor } from '../../../lib/pdf/fonts';
import { PdfLibraryError, loadPdfMake, saveBlob } from '../../../lib/pdf/load-pdfmake';
import { fontsUsed } from '../../../lib/pdf/script-runs';
import { reportDocument } from './pdf-document';
import { reportTexts, type ReportData } from './report-data';

export { PdfLibraryError };

/**
 * Builds the report and hands it to the browser as a download. Only this module loads pdfmake
 * and the fonts of the scripts the report contains, on the first click.
 */
export async function downloadReport(data: ReportData): Promise<void> {
  const pdfMake = await loadPdfMake();
  pdfMake.setFonts(fontsFor(fontsUsed(reportTexts(data), data.language), window.location.href));
  const blob = await pdfMake.createPdf(reportDocument(data)).getBlob();
  saveBlob(blob, data.fileName);
}
