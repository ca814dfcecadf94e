import type * as PdfMakeModule from 'pdfmake/build/pdfmake';

export type PdfMake = typeof PdfMakeModule;

/** Thrown when the PDF library itself cannot be loaded (offline, chunk missing). */
export class PdfLibraryError extends Error {
  constructor(cause: unknown) {
    super('Could not load PDF library.', { cause });
    this.name = 'PdfLibraryError';
  }
}

/**
 * pdfmake, loaded on first use: only the lazily loaded modules that make a PDF import this file,
 * so no page downloads the library (~350 KB gzip) before someone asks for a PDF.
 */
export async function loadPdfMake(): Promise<PdfMake> {
  try {
    // The browser build is a CommonJS bundle: its API sits on the default export.
    const module = (await import('pdfmake/build/pdfmake')) as unknown as PdfMake & {
      default?: PdfMake;
    };
    return module.default ?? module;
  } catch (error) {
    throw new PdfLibraryError(error);
  }
}

/** Hands a file to the browser as a download. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // Give the browser a moment to start the download before the URL is revoked.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}
