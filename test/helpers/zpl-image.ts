import { createRequire } from 'node:module';
import type * as ZplRenderer from 'zpl-renderer-js';
import { loadZxing } from './zxing';

// A ZPL format looked at as a printer draws it (docs/testing.md, "Real parts", the ZPL label printer): rendered to a
// PNG by zpl-renderer-js (Zebrash's ZPL renderer, Go compiled to wasm, run in Node) and its codes decoded by
// zxing-wasm, so a label is checked by what it shows, not by the text of its fields.

export interface CodesShown {
  qr?: string;
  dataMatrix?: string;
  barCode?: string;
}

/** The label's size and the printer's resolution (8 dots/mm is 203 dpi). */
export interface ZplMedia {
  widthMm: number;
  heightMm: number;
  dotsPerMm?: number;
}

/**
 * The renderer, loaded by Node's own require: its one file inlines a 9 MB wasm that Vite's transform would only slow
 * down (and look for a source map it lacks).
 */
function renderer(): typeof ZplRenderer {
  return createRequire(import.meta.url)('zpl-renderer-js') as typeof ZplRenderer;
}

/** The `^XA … ^XZ` formats of a ZPL stream, in order. */
export function zplFormats(zpl: string): string[] {
  return zpl.match(/\^XA[\s\S]*?\^XZ/g) ?? [];
}

/** The codes one `^XA … ^XZ` format shows once drawn. */
export async function codesShown(format: string, media: ZplMedia): Promise<CodesShown> {
  const base64 = await renderer().zplToBase64Async(format, media.widthMm, media.heightMm, media.dotsPerMm ?? 8);
  const read = await loadZxing();
  const found = await read(new Blob([Buffer.from(base64, 'base64')]), { formats: ['QRCode', 'DataMatrix', 'Code128'], tryHarder: true, maxNumberOfSymbols: 3 });
  const codes: CodesShown = {};
  for (const code of found) {
    if (code.format === 'QRCode') codes.qr = code.text;
    else if (code.format === 'DataMatrix') codes.dataMatrix = code.text;
    else if (code.format === 'Code128') codes.barCode = code.text;
  }
  return codes;
}
