import { Socket } from 'node:net';
import type { MessagePort } from 'node:worker_threads';
import { ACK, Type2Chip, type ChipState } from './type2-chip';

// The card side of test/helpers/virtual-card.ts, run in a worker thread of its own. A contactless card for vpcd (vsmartcard's virtual reader driver for pcscd): vpcd
// listens on TCP; a card "is placed" by connecting and "removed" by closing. Frames
// both ways are a 2-byte big-endian length + data. A 1-byte frame from vpcd is a
// control code (0 power off, 1 power on, 2 reset, 4 send the ATR); anything else is
// an APDU to answer.
//
// vpcd hands every APDU to the card, so this file also plays the part a PC/SC contactless reader's firmware plays
// in front of a memory card (PC/SC 2.01 part 3, and the ACR122U's pseudo-APDUs):
// - the ATR a reader builds for a storage card: 3B 8F 80 01 80 4F 0C RID(A0 00 00 03 06) SS NN(2) 00 00 00 00 TCK,
//   with the standard SS (03: ISO 14443 A part 3) and the card name NN (0001 MIFARE Classic 1K, 0003 MIFARE
//   Ultralight, the name readers give every NTAG and Ultralight EV1);
// - GET DATA `FF CA 00 00 00` → the UID;
// - READ BINARY `FF B0 00 pp Le` (Le ≤ 16) → the chip's READ of page pp, 63 00 when the chip NAKs;
// - UPDATE BINARY `FF D6 00 pp 04 d0-d3` → the chip's WRITE, 90 00 on its ACK, 63 00 on a NAK;
// - direct transmit `FF 00 00 00 Lc D4 42 cmd…` (the PN532's InCommunicateThru) → `D5 43 00 answer 90 00`, or
//   `D5 43 01 90 00` when the chip does not answer (a command it does not know).

const GET_UID = Buffer.from('FFCA000000', 'hex');

/** A PC/SC part 3 ATR for a storage card with standard 03 (ISO 14443 A part 3) and `cardName`. */
function storageAtr(cardName: number): Buffer {
  const body = Buffer.from([0x8f, 0x80, 0x01, 0x80, 0x4f, 0x0c, 0xa0, 0x00, 0x00, 0x03, 0x06, 0x03, cardName >> 8, cardName & 0xff, 0, 0, 0, 0]);
  const tck = body.reduce((x, b) => x ^ b, 0);
  return Buffer.concat([Buffer.from([0x3b]), body, Buffer.from([tck])]);
}

/** PC/SC ATR of a MIFARE Classic 1K (byte 5 = 0x4F: a storage card, so nfc-pcsc asks for the UID). */
const CLASSIC_ATR = storageAtr(0x0001);
const ULTRALIGHT_ATR = storageAtr(0x0003);

function frame(data: Buffer): Buffer {
  const header = Buffer.alloc(2);
  header.writeUInt16BE(data.length);
  return Buffer.concat([header, data]);
}

const SW_OK = Buffer.from([0x90, 0x00]);
const SW_FAILED = Buffer.from([0x63, 0x00]);
const SW_NO_ACCESS = Buffer.from([0x69, 0x82]);
const SW_WRONG = Buffer.from([0x6a, 0x81]);

type Answer = Buffer | 'tear';

/** The card's APDU log: a 32-bit length, then the APDUs as uppercase hex, one a line (read by the test's thread). */
function appendLog(log: SharedArrayBuffer, line: string): void {
  const length = new Int32Array(log, 0, 1);
  const bytes = Buffer.from(log, 4);
  const at = Atomics.load(length, 0);
  const written = bytes.write(`${line}\n`, at);
  Atomics.store(length, 0, at + written);
}

function connect(card: FieldCard, port: MessagePort, atr: Buffer, answer: (apdu: Buffer) => Answer): void {
  const socket = new Socket();
  let pending = Buffer.alloc(0);
  socket.on('data', (chunk: Buffer) => {
    pending = Buffer.concat([pending, chunk]);
    while (pending.length >= 2) {
      const length = pending.readUInt16BE(0);
      if (pending.length < 2 + length) break;
      const message = pending.subarray(2, 2 + length);
      pending = pending.subarray(2 + length);
      if (length === 1) {
        if (message.readUInt8(0) === 4) socket.write(frame(atr));
        continue;
      }
      appendLog(card.log, message.toString('hex').toUpperCase());
      const reply = answer(Buffer.from(message));
      if (reply === 'tear') {
        // The chip left the field mid-command: no answer, the card is gone.
        socket.destroy();
        return;
      }
      // vpcd sends the next command only after this answer, so a delayed answer keeps their order.
      const commandMs = card.kind === 'chip' ? (card.options.commandMs ?? 0) : 0;
      if (commandMs > 0) setTimeout(() => socket.write(frame(reply)), commandMs);
      else socket.write(frame(reply));
    }
  });
  socket.once('close', () => {
    port.postMessage({ type: 'gone' });
    port.close();
  });
  socket.once('error', (error) => port.postMessage({ type: 'error', message: error.message }));
  socket.connect(card.port, '127.0.0.1', () => port.postMessage({ type: 'placed' }));
  port.on('message', () => {
    socket.end();
    socket.destroy();
  });
}

/** A MIFARE Classic 1K with `uidHex` (its sectors need a key: reads and writes are refused). */
function classicCard(uidHex: string): [Buffer, (apdu: Buffer) => Answer] {
  const uid = Buffer.from(uidHex, 'hex');
  return [
    CLASSIC_ATR,
    (apdu) => {
      if (apdu.equals(GET_UID)) return Buffer.concat([uid, SW_OK]);
      if (apdu.readUInt8(0) === 0xff && (apdu.readUInt8(1) === 0xb0 || apdu.readUInt8(1) === 0xd6)) return SW_NO_ACCESS;
      // A Classic answers no GET_VERSION: the reader's InCommunicateThru times out.
      if (apdu.readUInt8(0) === 0xff && apdu.readUInt8(1) === 0x00 && apdu.readUInt8(5) === 0xd4 && apdu.readUInt8(6) === 0x42)
        return Buffer.from([0xd5, 0x43, 0x01, 0x90, 0x00]);
      return SW_WRONG;
    },
  ];
}

/** ATR of an ISO 14443-4 card as PC/SC readers build it (historical byte 80h): a DESFire, a bank or ID card. */
const ISO14443_4_ATR = Buffer.from('3B8180018080', 'hex');

/** An ISO 14443-4 smart card (no Type 2 tag): it answers no storage-card command. */
function smartCard(): [Buffer, (apdu: Buffer) => Answer] {
  return [ISO14443_4_ATR, () => Buffer.from([0x6a, 0x82])];
}

/** The Type 2 chip of `state` behind a PC/SC reader's commands (see above); its memory outlives the placing. */
function chipCard(state: ChipState, options: PlaceChipOptions): [Buffer, (apdu: Buffer) => Answer] {
  const chip = new Type2Chip(state.model, state.uidHex, state);
  let writesHere = 0;
  return [
    ULTRALIGHT_ATR,
    (apdu) => {
      if (apdu.equals(GET_UID)) return Buffer.concat([chip.uid, SW_OK]);
      if (apdu.length === 5 && apdu.readUInt8(0) === 0xff && apdu.readUInt8(1) === 0xb0 && apdu.readUInt8(2) === 0x00) {
        const le = apdu.readUInt8(4) === 0 ? 16 : apdu.readUInt8(4);
        if (le > 16) return Buffer.from([0x6c, 0x10]);
        const data = chip.read(apdu.readUInt8(3));
        return typeof data === 'number' ? SW_FAILED : Buffer.concat([data.subarray(0, le), SW_OK]);
      }
      if (apdu.length === 9 && apdu.readUInt8(0) === 0xff && apdu.readUInt8(1) === 0xd6 && apdu.readUInt8(2) === 0x00 && apdu.readUInt8(4) === 0x04) {
        const data = apdu.subarray(5, 9);
        if (options.tearAfterWrites !== undefined && writesHere >= options.tearAfterWrites) {
          chip.tear(apdu.readUInt8(3), data);
          return 'tear';
        }
        const ack = chip.write(apdu.readUInt8(3), data);
        if (ack === ACK) writesHere += 1;
        return ack === ACK ? SW_OK : SW_FAILED;
      }
      if (options.noDirectTransmit && apdu.readUInt8(0) === 0xff && apdu.readUInt8(1) === 0x00) return SW_WRONG;
      if (
        apdu.length >= 7 &&
        apdu.readUInt8(0) === 0xff &&
        apdu.readUInt8(1) === 0x00 &&
        apdu.readUInt8(4) === apdu.length - 5 &&
        apdu.readUInt8(5) === 0xd4 &&
        apdu.readUInt8(6) === 0x42
      ) {
        const command = apdu.subarray(7);
        if (command.length === 1 && command.readUInt8(0) === 0x60) return Buffer.concat([Buffer.from([0xd5, 0x43, 0x00]), chip.getVersion(), SW_OK]);
        return Buffer.from([0xd5, 0x43, 0x01, 0x90, 0x00]);
      }
      return SW_WRONG;
    },
  ];
}

export type CardKind = { kind: 'classic'; uidHex: string } | { kind: 'smart card' } | { kind: 'chip'; chip: ChipState; options: PlaceChipOptions };

export type FieldCard = { port: number; log: SharedArrayBuffer } & CardKind;

export interface PlaceChipOptions {
  /** The chip leaves the field in the middle of the write after this many page writes (a torn write). */
  tearAfterWrites?: number;
  /** The reader has no direct transmit (only PC/SC part 3's commands): GET_VERSION cannot reach the chip. */
  noDirectTransmit?: boolean;
  /**
   * How long each command takes at the reader before its answer (a real reader's round trip through the field, some
   * 10-30 ms per command on an ACR122U); 0 by default: answered at once.
   */
  commandMs?: number;
}

/**
 * Places `card` on vpcd and answers for it until it is taken away (a message on `port`) or torn off.
 * @public (called by virtual-card-worker.mjs, which loads this file by name)
 */
export function serve(card: FieldCard, port: MessagePort): void {
  const [atr, answer] = card.kind === 'classic' ? classicCard(card.uidHex) : card.kind === 'smart card' ? smartCard() : chipCard(card.chip, card.options);
  connect(card, port, atr, answer);
}
