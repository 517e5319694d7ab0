import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { readBarcodes as ReadBarcodes } from 'zxing-wasm/reader';

// zxing-wasm's reader for tests that decode what was printed (a PDF page, a drawn ZPL label): the .wasm from the
// installed package, as src-main/devices/camera/barcodes.ts loads it, prepared once per test file.

let zxing: Promise<typeof ReadBarcodes> | undefined;

export function loadZxing(): Promise<typeof ReadBarcodes> {
  zxing ??= (async () => {
    const { prepareZXingModule, readBarcodes } = await import('zxing-wasm/reader');
    const bytes = await readFile(createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm'));
    await prepareZXingModule({ overrides: { wasmBinary: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) }, fireImmediately: true });
    return readBarcodes;
  })();
  return zxing;
}
