/** Saves a blob under `fileName` through a temporary link (works for blobs fetched with credentials). */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.rel = "noopener";
  link.style.display = "none";
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the URL after click() returns; revoke once they have.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function downloadText(text: string, fileName: string, type: string): void {
  downloadBlob(new Blob([text], { type }), fileName);
}

/** Invoice numbers may contain "/", which no file system accepts in a name. */
export function invoiceFileName(invoiceNumber: string, extension: string): string {
  return `${invoiceNumber.replace(/[\\/]/g, "-")}.${extension}`;
}
