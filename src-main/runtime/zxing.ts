import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { readBarcodes as ReadBarcodes } from 'zxing-wasm/reader';

// zxing-wasm's reader, one for the process: the camera's codes (devices/camera/barcodes.ts), the preflight of a label
// template (print-run/preflight.ts) and the tests that decode what was printed all read through it. Its .wasm is read
// from the installed package, never fetched (the package's default fetches it from jsDelivr; the station runs
// offline), and the module loads with the first decode, not with the station (docs/architecture.md, "Start-up").

let ready: Promise<typeof ReadBarcodes> | undefined;

export function loadZxing(): Promise<typeof ReadBarcodes> {
  ready ??= (async () => {
    const { prepareZXingModule, readBarcodes } = await import('zxing-wasm/reader');
    const bytes = await readFile(createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm'));
    const wasmBinary = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
    await prepareZXingModule({ overrides: { wasmBinary }, fireImmediately: true });
    return readBarcodes;
  })();
  return ready;
}
