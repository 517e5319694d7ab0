import type { CommandHandlers } from '../../src-shared/ipc/contract';
import type { nfcCommands } from '../../src-shared/ipc/nfc';
import { NfcEncodeCode } from '../../src-shared/domain/nfc-encoding';
import { StationError } from '../../src-shared/ipc/station-error';
import { requireReel } from '../changes/context';
import { getLabelAt, positionHolding } from '../store/labels';
import {
  encodingAt,
  encodingCounts,
  encodingOfChip,
  reelNfcSettings,
  saveEncoding,
  saveRefusal,
  setReelNfcSettings,
  type StoredNfcEncoding,
} from '../store/nfc-encodings';
import type { CommandContext } from './context';

// Encoding Labels' NFC chips (docs/devices.md, "Encoding a chip"): the station's side; the chip itself is written by
// whoever holds the reader (src-main/devices/nfc/type2/encode.ts).

const view = (e: StoredNfcEncoding) => ({ uid: e.uid, url: e.url, type: e.type, locked: e.locked, bytesWritten: e.bytesWritten, encodedAt: e.encodedAt });

export function nfcHandlers(ctx: CommandContext): CommandHandlers<keyof typeof nfcCommands> {
  const { changes, db } = ctx;
  const now = () => new Date().toISOString();
  const refuse = (reelId: string, position: number, uid: string | null, error: StationError): never => {
    saveRefusal(db, { reelId, position, uid, code: error.code, at: now() });
    throw error;
  };
  return {
    'nfc.prepare': ({ reelId, position, url, lock }) => {
      requireReel(changes, reelId);
      const settings = reelNfcSettings(db, reelId);
      const printed = getLabelAt(db, reelId, position)?.expected?.QR;
      const chosen = url ?? printed;
      if (!chosen) {
        throw new StationError({
          code: NfcEncodeCode.noUrl,
          message: `No URL for position ${position}: the print data has no QR value there. Import print data with a qr column (or print-run generate --expected), or give the URL.`,
        });
      }
      const encoded = encodingAt(db, reelId, position);
      return { url: chosen, lock: lock ?? settings.lock, encoded: encoded ? view(encoded) : null };
    },
    'nfc.claim': ({ reelId, position, uid }) => {
      const reel = requireReel(changes, reelId);
      const other = encodingOfChip(db, uid);
      if (other && (other.reelId !== reelId || other.position !== position)) {
        const where = other.reelId === reelId ? `position ${other.position}` : `position ${other.position} of Reel "${other.reelName}"`;
        refuse(
          reelId,
          position,
          uid,
          new StationError({
            code: NfcEncodeCode.otherPosition,
            message: `This chip (${uid}) was encoded for ${where} (${other.url}), not position ${position}: one chip belongs to one Label. Use the chip of the Label at position ${position}.`,
            detail: { position: other.position, reel: other.reelName, url: other.url },
          }),
        );
      }
      const enrolledAt = positionHolding(db, reelId, 'NFC', uid, position);
      if (enrolledAt !== undefined) {
        refuse(
          reelId,
          position,
          uid,
          new StationError({
            code: NfcEncodeCode.otherPosition,
            message: `This chip (${uid}) is enrolled at position ${enrolledAt} of Reel "${reel.name}", not position ${position}: one chip belongs to one Label. Use the chip of the Label at position ${position}.`,
            detail: { position: enrolledAt, reel: reel.name },
          }),
        );
      }
      return {};
    },
    'nfc.record': (input) => {
      requireReel(changes, input.reelId);
      const e: StoredNfcEncoding = { ...input, encodedAt: now() };
      saveEncoding(db, e);
      return view(e);
    },
    'nfc.refused': ({ reelId, position, uid, code }) => {
      requireReel(changes, reelId);
      saveRefusal(db, { reelId, position, uid, code, at: now() });
      return {};
    },
    'nfc.encoding': ({ reelId, position }) => {
      requireReel(changes, reelId);
      const e = encodingAt(db, reelId, position);
      return { encoding: e ? view(e) : null };
    },
    'nfc.counts': ({ reelId }) => {
      requireReel(changes, reelId);
      return encodingCounts(db, reelId);
    },
    'nfc.settings': ({ reelId, ...patch }) => {
      requireReel(changes, reelId);
      setReelNfcSettings(db, reelId, patch);
      return reelNfcSettings(db, reelId);
    },
  };
}
