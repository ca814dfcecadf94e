import { fontsFor } from '../../../lib/pdf/fonts';
import { PdfLibraryError, loadPdfMake, saveBlob } from '../../../lib/pdf/load-pdfmake';
import { fontsUsed } from '../../../lib/pdf/script-runs';
import { registerDocument } from './register-document';
import { registerTexts, type RegisterData } from './register-data';

export { PdfLibraryError };

/** Builds the register PDF (pdfmake and its fonts load here, on the first click) and saves it. */
export async function downloadRegister(data: RegisterData): Promise<void> {
  const pdfMake = await loadPdfMake();
  pdfMake.setFonts(fontsFor(fontsUsed(registerTexts(data), data.language), window.location.href));
  const blob = await pdfMake.createPdf(registerDocument(data)).getBlob();
  saveBlob(blob, data.fileName);
}
