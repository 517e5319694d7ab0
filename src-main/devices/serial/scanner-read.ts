import type { TagType } from '../../../src-shared/api/common';
import type { IdentifierRead } from '../../../src-shared/domain/identifier-read';
import { checkScannedText, decodeUtf8 } from '../../../src-shared/domain/normalize';
import { scannerTagType, splitAimPrefix } from '../../../src-shared/domain/symbology';
import type { ReadRejected } from '../../../src-shared/ipc/devices';

/**
 * One scanner line (terminator removed) → an IdentifierRead, or a refusal that says why
 * (docs/devices.md, "Scanners": GS kept for GS1 codes, the AIM symbology id read into the tagType).
 */
export function scannerLineToRead(
  bytes: Uint8Array,
  device: string,
  role: TagType | null,
  at: string,
): { ok: true; read: IdentifierRead } | { ok: false; rejected: ReadRejected } {
  const reject = (code: ReadRejected['code'], reason: string) => ({ ok: false as const, rejected: { device, code, reason, bytes: bytes.length, at } });
  const text = decodeUtf8(bytes);
  if (!text.ok) return reject(text.code, text.reason);
  const split = splitAimPrefix(text.value);
  const checked = checkScannedText(split.value);
  if (!checked.ok) return reject(checked.code, checked.reason);
  const { tagType, basis } = scannerTagType(split, role);
  return {
    ok: true,
    read: { tagType, value: checked.value, device, at, basis, ...(split.symbology ? { symbology: split.symbology } : {}) },
  };
}
