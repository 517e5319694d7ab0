import { NfcEncodeCode } from '../../../../src-shared/domain/nfc-encoding';
import { StationError } from '../../../../src-shared/ipc/station-error';
import { normalizeNfcUid } from '../../../../src-shared/domain/nfc-uid';
import type { NfcDriver } from '../binding';
import type { CardChannel } from './access';
import { notType2Kind } from './tag-types';

/** A chip on a reader, for as long as the work on it lasts. */
export interface PresentedChip {
  reader: string;
  /** The UID as uppercase hex (the NFC identifier the station enrolls). */
  uid: string;
  channel: CardChannel;
}

/**
 * Waits for the next chip on `reader` (any reader when not given) and runs `work` on it (docs/devices.md, "Encoding a
 * chip"). A card that cannot be read as a storage card is refused with its kind in words; a chip that leaves before
 * anything was written to it is waited for again; no chip in `timeoutMs` is NFC_NO_CHIP.
 */
export async function withPresentedChip<T>(
  driver: NfcDriver,
  options: { reader?: string; timeoutMs: number },
  work: (chip: PresentedChip) => Promise<T>,
): Promise<T> {
  const context = await driver.open();
  let timer: NodeJS.Timeout | undefined;
  const readers = new Set<string>();
  try {
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        const where = options.reader
          ? `reader "${options.reader}"`
          : readers.size
            ? `the reader${readers.size > 1 ? 's' : ''} ${[...readers].map((r) => `"${r}"`).join(', ')}`
            : 'any reader (none is connected)';
        reject(
          new StationError({
            code: NfcEncodeCode.noChip,
            message: `No chip came to ${where} in ${Math.round(options.timeoutMs / 1000)} s. Place the Label's chip on the reader and run it again.`,
          }),
        );
      }, options.timeoutMs);
    });
    for (;;) {
      const event = await Promise.race([context.next(), timeout]);
      if (event.type === 'reader-attached') readers.add(event.reader);
      if (options.reader && event.reader !== options.reader) continue;
      if (event.type === 'card-error') {
        const kind = notType2Kind(event.atr ?? null);
        if (kind)
          throw new StationError({
            code: NfcEncodeCode.notType2,
            message: `This card is ${kind.words}, not an NFC Forum Type 2 tag (NTAG21x, MIFARE Ultralight): the station cannot encode it. Use the Label's own chip.`,
            detail: { kind: kind.words, kindKey: kind.key },
          });
        // Taken away before its UID was read: it is simply presented again.
        continue;
      }
      if (event.type !== 'card' || !event.channel) continue;
      const uid = normalizeNfcUid(event.uid);
      if (!uid.ok) throw new StationError({ code: uid.code, message: uid.reason });
      try {
        return await work({ reader: event.reader, uid: uid.value, channel: event.channel });
      } catch (error) {
        // Gone before anything was written (or a card the reader still listed after it left): wait for it again.
        if (error instanceof StationError && error.code === NfcEncodeCode.tornWrite && error.detail?.pagesWritten === 0) continue;
        throw error;
      }
    }
  } finally {
    clearTimeout(timer);
    await context.close();
  }
}
