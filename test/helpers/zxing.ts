// The tests decode what was printed (a PDF page, a drawn label) with the station's own zxing-wasm reader, loaded by
// the one rule of src-main/runtime/zxing.ts (the .wasm of the installed package, never fetched).
export { loadZxing } from '../../src-main/runtime/zxing';
