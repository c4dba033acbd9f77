/**
 * Saves a Blob as a file download named `fileName` (an object URL on a temporary `<a download>`,
 * revoked right after). Used for a plugin's code file (`<plugin_key>.json`) and a plugin's statistics (CSV).
 */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.rel = 'noopener';
  a.style.display = 'none';
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
