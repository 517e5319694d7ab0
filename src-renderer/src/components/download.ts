/** Saves bytes (base64, as the station's export commands answer) as a file through the browser's download; the web host and Electron alike. */
export function downloadBase64(fileName: string, mediaType: string, base64: string): void {
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  const url = URL.createObjectURL(new Blob([bytes], { type: mediaType }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started; the object URL only needs to outlive the click.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
