/** Hands a file made in the browser (a CSV, a PDF) to the browser as a download. */
export function saveFile(content: Blob, name: string) {
  const url = URL.createObjectURL(content);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = name;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // Give the browser a moment to start the download before the URL is revoked.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}
