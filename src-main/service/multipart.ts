// multipart/form-data bodies for scan and enrollment calls (Node 20's global FormData and Blob).
// spec: Scanning and identifiers — "Scan endpoints take `multipart/form-data`; structured parts (`options`,
// `tags`, `searchTeamIds`) are JSON strings."

/** An image file part: the capture's bytes and its MIME type. */
export interface ImageInput {
  data: Uint8Array;
  mimeType: string;
  filename?: string;
}

export type FormFieldValue = string | number | boolean | object | null | undefined;

const EXTENSIONS: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp', 'image/tiff': 'tif' };

/** Text parts (objects and arrays JSON-encoded, undefined and null left out) plus at most one `data` image. */
export function buildForm(fields: Record<string, FormFieldValue>, image?: ImageInput): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined || value === null) continue;
    form.append(name, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  if (image) {
    // Copy into a fresh ArrayBuffer-backed view: a Buffer may sit on a shared pool slab.
    const blob = new Blob([new Uint8Array(image.data)], { type: image.mimeType });
    form.append('data', blob, image.filename ?? `capture.${EXTENSIONS[image.mimeType] ?? 'bin'}`);
  }
  return form;
}
