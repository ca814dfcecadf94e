import type { Donation } from '@annasetu/domain';
import { fontsFor } from '../../../lib/pdf/fonts';
import { PdfLibraryError, loadPdfMake, saveBlob } from '../../../lib/pdf/load-pdfmake';
import { fontsUsed } from '../../../lib/pdf/script-runs';
import { ensureLocaleData } from '../../../lib/locale-data';
import { labelContent, labelTexts, type LabelOptions } from './label-content';
import { fitLabel, labelDocument } from './label-document';
import type { LabelLayout } from './layouts';

export { PdfLibraryError };

/**
 * Builds a donation's container label in the browser and hands it over as a download. Only
 * this module loads pdfmake and the fonts of the scripts the label prints, on the first click.
 */
export async function downloadLabel(
  donation: Donation,
  layout: LabelLayout,
  options: LabelOptions,
): Promise<void> {
  // The English lines need English date words even where the browser lacks them.
  await Promise.all([ensureLocaleData(options.language), ensureLocaleData('en')]);
  const content = labelContent(donation, options);
  const pdfMake = await loadPdfMake();
  pdfMake.setFonts(
    fontsFor(fontsUsed(labelTexts(content), content.language), window.location.href),
  );
  const { file } = await fitLabel(async (scale) => {
    let pages = 0;
    const doc = labelDocument(content, layout, scale, (count) => {
      pages = count;
    });
    const blob = await pdfMake.createPdf(doc).getBlob();
    return { pages, file: blob };
  });
  saveBlob(file, `${content.fileStem}-${layout}.pdf`);
}
