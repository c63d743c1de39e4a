/**
 * Hands a Blob to the browser as a download named `fileName` (a link with `download`,
 * clicked, then the object URL is let go).
 *
 * @example
 * saveBlob(new Blob(['firstName,lastName\n'], { type: 'text/csv' }), 'athletes.csv');
 */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Why later: some browsers start the download after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
