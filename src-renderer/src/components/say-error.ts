import type { TFunction, i18n as I18n } from 'i18next';
import { errorWords } from '../../../src-shared/ipc/error-words';

// An error in the UI's language (docs/architecture.md, "Errors"): the catalog's words for its code, or for its case
// (`detail.case`), filled from its detail's fields. The main process's English message is never the words; it goes
// under "Details".

/** The catalog key of a code (`errors.CODE`) or of a code's case (`errorCases.CODE.case`). */
function catalogKey(key: string): string {
  const dot = key.indexOf('.');
  return dot < 0 ? `errors.${key}` : `errorCases.${key.slice(0, dot)}.${key.slice(dot + 1)}`;
}

/** The words of an error from its code and detail; a code the catalogs do not know gets the general words. */
export function sayError(t: TFunction, i18n: I18n, code: string | undefined, detail: unknown): string {
  const words = code ? errorWords(code, detail, (key) => i18n.exists(catalogKey(key))) : undefined;
  return words ? t(catalogKey(words.key), words.fields) : t('errors.unknown');
}

/** Why the capture gate refused a capture, in words from its codes (src-shared/ipc/camera.ts, CaptureReason). */
export function refusalWords(t: TFunction, codes: readonly string[]): string {
  return codes.map((code) => t(`captureRefused.${code}`)).join('; ');
}
