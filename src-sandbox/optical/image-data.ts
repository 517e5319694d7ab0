// spec: Scanning and identifiers — SVC `data` is "image file or base64 image data URL"; spec: Public page
// shapes names the accepted data URLs: `data:image/png|jpeg;base64,...`.

const DATA_URL = /^data:image\/(png|jpeg|jpg);base64,([A-Za-z0-9+/=\s]*)$/;

/** The bytes of a base64 PNG/JPEG data URL, or null when the text is not one. */
export function imageFromDataUrl(text: string): Buffer | null {
  const match = DATA_URL.exec(text.trim());
  if (!match) return null;
  const bytes = Buffer.from((match[2] as string).replace(/\s+/g, ''), 'base64');
  return bytes.length > 0 ? bytes : null;
}
