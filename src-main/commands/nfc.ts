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
import type { NfcDriver } from '../devices/nfc/binding';
import { createPcscDriver } from '../devices/nfc/pcsc-binding';
import { encodeChip } from '../devices/nfc/type2/encode';
import { withPresentedChip } from '../devices/nfc/type2/present';
import type { CommandContext } from './context';

// Encoding Labels' NFC chips (docs/devices.md, "Encoding a chip"): one command waits for the chip, checks it belongs to
// no other position, writes and reads it back (src-main/devices/nfc/type2/encode.ts), records what was written and
// counts each refusal; none of those steps can be called on its own from a host.

const view = (e: StoredNfcEncoding) => ({ uid: e.uid, url: e.url, type: e.type, locked: e.locked, bytesWritten: e.bytesWritten, encodedAt: e.encodedAt });

/**
 * `chipDriver` gives the running device supervisor's readers (one PC/SC owner: it hands each card to the encoder rather
 * than reading it); without one (the CLI, no supervisor), the encoder opens its own PC/SC context.
 */
export function nfcHandlers(
  ctx: CommandContext,
  chipDriver: () => Promise<NfcDriver | undefined> = () => Promise.resolve(undefined),
  fallback: () => NfcDriver = createPcscDriver,
): CommandHandlers<keyof typeof nfcCommands> {
  const { changes, db, events } = ctx;
  const now = () => new Date().toISOString();
  /** Refuses (NFC_OTHER_POSITION) a chip encoded, or enrolled, for another position. */
  const claim = (reelId: string, position: number, uid: string): void => {
    const reel = requireReel(changes, reelId);
    const other = encodingOfChip(db, uid);
    if (other && (other.reelId !== reelId || other.position !== position)) {
      const where = other.reelId === reelId ? `position ${other.position}` : `position ${other.position} of Reel "${other.reelName}"`;
      throw new StationError({
        code: NfcEncodeCode.otherPosition,
        message: `This chip (${uid}) was encoded for ${where} (${other.url}), not position ${position}: one chip belongs to one Label. Use the chip of the Label at position ${position}.`,
        detail: { position: other.position, reel: other.reelName, url: other.url },
      });
    }
    const enrolledAt = positionHolding(db, reelId, 'NFC', uid, position);
    if (enrolledAt !== undefined) {
      throw new StationError({
        code: NfcEncodeCode.otherPosition,
        message: `This chip (${uid}) is enrolled at position ${enrolledAt} of Reel "${reel.name}", not position ${position}: one chip belongs to one Label. Use the chip of the Label at position ${position}.`,
        detail: { position: enrolledAt, reel: reel.name },
      });
    }
  };
  /** Counts a refusal by its code (the Reel report's refusals by reason) and passes it on. */
  const counted = new WeakSet<object>();
  const count = (reelId: string, position: number, uid: string | null, error: unknown): void => {
    if (
      !(error instanceof StationError) ||
      !error.code.startsWith('NFC_') ||
      error.code === NfcEncodeCode.noChip ||
      error.code === NfcEncodeCode.canceled ||
      counted.has(error)
    )
      return;
    counted.add(error);
    saveRefusal(db, { reelId, position, uid, code: error.code, at: now() });
    const detail = error.detail ?? null;
    events.emit('nfc.encodeOutcome', { reelId, position, state: 'refused', uid, code: error.code, message: error.message, detail });
  };
  /** The contexts of encodings waiting for a chip, closed by nfc.cancelEncode (see `waiting`). */
  const waiting = new Set<{ canceled: boolean; close(): Promise<void> }>();
  /** `driver`, its contexts listed in `waiting` while open. */
  const cancelable = (driver: NfcDriver, entry: { canceled: boolean; close(): Promise<void> }, at: { reelId: string; position: number }): NfcDriver => ({
    open: async () => {
      const context = await driver.open();
      entry.close = () => context.close();
      waiting.add(entry);
      events.emit('nfc.encodeOutcome', { ...at, state: 'waiting' });
      return {
        next: () => context.next(),
        close: () => {
          waiting.delete(entry);
          return context.close();
        },
      };
    },
  });
  /** The URL for a position (the given one, else the print data's QR value there), whether to lock, and what is written there already. */
  const prepare = (reelId: string, position: number, url?: string, lock?: boolean) => {
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
  };
  return {
    'nfc.prepare': ({ reelId, position, url, lock }) => prepare(reelId, position, url, lock),
    'nfc.encode': async ({ reelId, position, url, lock, reader, timeoutS }) => {
      const plan = prepare(reelId, position, url, lock);
      const entry = { canceled: false, close: () => Promise.resolve() };
      const driver = cancelable((await chipDriver()) ?? fallback(), entry, { reelId, position });
      try {
        return await withPresentedChip(driver, { ...(reader ? { reader } : {}), timeoutMs: timeoutS * 1000 }, async (chip) => {
          try {
            events.emit('nfc.encodeOutcome', { reelId, position, state: 'encoding', uid: chip.uid });
            claim(reelId, position, chip.uid);
            const written = await encodeChip(chip.channel, {
              url: plan.url,
              lock: plan.lock,
              verifying: () => events.emit('nfc.encodeOutcome', { reelId, position, state: 'verifying', uid: chip.uid }),
            });
            saveEncoding(db, {
              reelId,
              position,
              uid: chip.uid,
              url: written.url,
              type: written.type,
              locked: written.locked,
              bytesWritten: written.bytesWritten,
              encodedAt: now(),
            });
            const { type, bytesWritten, locked, verified, alreadyEncoded } = written;
            events.emit('nfc.encodeOutcome', { reelId, position, state: 'encoded', uid: chip.uid, url: written.url, locked });
            return { uid: chip.uid, url: written.url, type, bytesWritten, locked, verified, alreadyEncoded };
          } catch (error) {
            // A chip that left before anything was written is waited for again, and is no refusal.
            const retried = error instanceof StationError && error.code === NfcEncodeCode.tornWrite && error.detail?.pagesWritten === 0;
            if (!retried) count(reelId, position, chip.uid, error);
            throw error;
          }
        });
      } catch (error) {
        if (entry.canceled && !(error instanceof StationError)) {
          throw new StationError({
            code: NfcEncodeCode.canceled,
            message: `The wait for a chip for position ${position} was called off; nothing was written. Encode it again when the Label is at the reader.`,
          });
        }
        // A card refused before its UID was read (an ISO 14443-4 card) is counted here.
        count(reelId, position, null, error);
        throw error;
      }
    },
    'nfc.cancelEncode': async () => {
      const all = [...waiting];
      for (const entry of all) entry.canceled = true;
      await Promise.all(all.map((entry) => entry.close()));
      return { canceled: all.length };
    },
    'nfc.encoding': ({ reelId, position }) => {
      requireReel(changes, reelId);
      const e = encodingAt(db, reelId, position);
      return { encoding: e ? view(e) : null };
    },
    'nfc.counts': (scope) => {
      if ('reelId' in scope) requireReel(changes, scope.reelId);
      return encodingCounts(db, scope);
    },
    'nfc.settings': ({ reelId, ...patch }) => {
      requireReel(changes, reelId);
      setReelNfcSettings(db, reelId, patch);
      return reelNfcSettings(db, reelId);
    },
  };
}
