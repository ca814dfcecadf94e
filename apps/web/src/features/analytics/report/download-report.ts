import type * as PdfMakeModule from 'pdfmake/build/pdfmake';
import { fontsFor } from './fonts';
import { fontsUsed, reportDocument } from './pdf-document';
import { reportTexts, type ReportData } from './report-data';

type PdfMake = typeof PdfMakeModule;

/** Thrown when the PDF library itself cannot be loaded (offline, chunk missing). */
export class PdfLibraryError extends Error {
  constructor(cause: unknown) {
    super('Could not load PDF library.', { cause });
    this.name = 'PdfLibraryError';
  }
}

/**
 * Builds the report and hands it to the browser as a download. Only this module loads pdfmake
 * and the fonts of the scripts the report contains, on the first click.
 */
export async function downloadReport(data: ReportData): Promise<void> {
  let pdfMake: PdfMake;
  try {
    // The browser build is a CommonJS bundle: its API sits on the default export.
    const module = (await import('pdfmake/build/pdfmake')) as unknown as PdfMake & {
      default?: PdfMake;
    };
    pdfMake = module.default ?? module;
  } catch (error) {
    throw new PdfLibraryError(error);
  }
  pdfMake.setFonts(fontsFor(fontsUsed(reportTexts(data), data.language), window.location.href));
  const blob = await pdfMake.createPdf(reportDocument(data)).getBlob();
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = data.fileName;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // Give the browser a moment to start the download before the URL is revoked.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}
