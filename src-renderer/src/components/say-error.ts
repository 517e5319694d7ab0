import type { TFunction, i18n as I18n } from 'i18next';
import { errorWords } from '../../../src-shared/ipc/error-words';
import { CAMERA_ERROR_CODES } from '../camera/camera-errors';

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

/**
 * Why the camera could not be used (a CameraError's code, also as the station holds it in camera.sources), in the UI's
 * words: the browser's failure by its name (`cameraErrors.*`), a station error by its code, any other as a camera that
 * failed. The code goes beside the words; the CameraError's English message is the log's.
 */
export function cameraErrorWords(t: TFunction, i18n: I18n, code: string): string {
  if ((CAMERA_ERROR_CODES as readonly string[]).includes(code)) return t(`cameraErrors.${code as (typeof CAMERA_ERROR_CODES)[number]}`);
  if (i18n.exists(catalogKey(code))) return sayError(t, i18n, code, undefined);
  return t('cameraErrors.failed');
}
