// Saving a file from the renderer (the web host and Electron alike) through the browser's download, and the line
// that says afterwards what was saved: the file's name and what it holds ("Saved print-run-reel7.csv: 60 Labels,
// positions 1–60"), never only that something downloaded (docs/architecture.md, "Renderer").

/** What was saved: the line a screen shows after a save (i18n `download.saved`). */
export interface SavedFile {
  fileName: string;
  /** What the file holds, in the user's words (e.g. "60 Labels, positions 1–60"). */
  holds: string;
}

function save(fileName: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started; the object URL only needs to outlive the click.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** Saves bytes (base64, as the station's export commands answer) as a file; returns what the saved line says. */
export function downloadBase64(fileName: string, mediaType: string, base64: string, holds: string): SavedFile {
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  save(fileName, new Blob([bytes], { type: mediaType }));
  return { fileName, holds };
}

/** Saves text (a CSV made in the renderer) as a file; returns what the saved line says. */
export function downloadText(fileName: string, mediaType: string, text: string, holds: string): SavedFile {
  save(fileName, new Blob([text], { type: mediaType }));
  return { fileName, holds };
}
