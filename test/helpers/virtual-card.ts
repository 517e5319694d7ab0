import { Worker } from 'node:worker_threads';
import type { CardKind, FieldCard, PlaceChipOptions } from './virtual-card-field';
import type { Type2Chip } from './type2-chip';

export type { PlaceChipOptions } from './virtual-card-field';

// Virtual contactless cards on vpcd (vsmartcard's virtual reader driver for pcscd); the cards themselves are in
// test/helpers/virtual-card-field.ts. Each card answers from a worker thread of its own, never from the test's
// thread: pcscd asks a card for its ATR while it holds the reader's lock, and the PC/SC client (pcsclite) makes
// calls that wait for pcscd synchronously on the thread that loaded it (a closed reader's context is released
// when the garbage collector finalizes it). A card on the same thread could not answer while that thread waits:
// pcscd would wait for the card, the thread for pcscd, for ever (docs/testing.md, "pcscd + vpcd").

export interface VirtualCard {
  /** Every APDU the card was sent, as uppercase hex. */
  readonly apdus: string[];
  /** Resolves when the card has left the reader (taken away, or torn off by `tearAfterWrites`). */
  readonly gone: Promise<void>;
  /** Takes the card off the reader. */
  remove(): Promise<void>;
}

const WORKER = new URL('./virtual-card-worker.mjs', import.meta.url);
const LOG_BYTES = 1 << 20;

function place(port: number, card: CardKind): Promise<VirtualCard> {
  const log = new SharedArrayBuffer(4 + LOG_BYTES);
  const worker = new Worker(WORKER, { workerData: { ...card, port, log } satisfies FieldCard });
  const gone = new Promise<void>((resolve) => {
    worker.on('message', (m: { type: string }) => {
      if (m.type === 'gone') resolve();
    });
    worker.once('exit', () => resolve());
  });
  const apdus = () => {
    const length = Atomics.load(new Int32Array(log, 0, 1), 0);
    return Buffer.from(log, 4, length).toString().split('\n').filter(Boolean);
  };
  return new Promise((resolve, reject) => {
    worker.on('message', (m: { type: string; message?: string }) => {
      if (m.type === 'error') reject(new Error(`The virtual card could not reach vpcd on port ${port}: ${m.message}`));
      if (m.type !== 'placed') return;
      resolve({
        get apdus() {
          return apdus();
        },
        gone,
        async remove() {
          worker.postMessage('remove');
          await gone;
          await worker.terminate();
        },
      });
    });
    worker.once('error', reject);
  });
}

/** Places a MIFARE Classic 1K with `uidHex` on the vpcd reader listening on 127.0.0.1:`port` (its sectors need a key: reads and writes are refused). */
export function placeCard(port: number, uidHex: string): Promise<VirtualCard> {
  return place(port, { kind: 'classic', uidHex });
}

/** Places an ISO 14443-4 smart card (no Type 2 tag): it answers no storage-card command. */
export function placeSmartCard(port: number): Promise<VirtualCard> {
  return place(port, { kind: 'smart card' });
}

/** Places the Type 2 `chip` on the vpcd reader behind a PC/SC reader's commands; its memory outlives the placing (the thread answering for it shares it). */
export function placeChip(port: number, chip: Type2Chip, options: PlaceChipOptions = {}): Promise<VirtualCard> {
  return place(port, { kind: 'chip', chip: chip.share(), options });
}
