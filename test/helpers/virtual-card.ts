import { Socket } from 'node:net';

// A contactless card for vpcd (vsmartcard's virtual reader driver for pcscd): vpcd
// listens on TCP; a card "is placed" by connecting and "removed" by closing. Frames
// both ways are a 2-byte big-endian length + data. A 1-byte frame from vpcd is a
// control code (0 power off, 1 power on, 2 reset, 4 send the ATR); anything else is
// an APDU to answer.

/** PC/SC ATR of a MIFARE Classic 1K (byte 5 = 0x4F: a storage card, so nfc-pcsc asks for the UID). */
const ATR = Buffer.from('3B8F8001804F0CA000000306030001000000006A', 'hex');
const GET_UID = Buffer.from('FFCA000000', 'hex');

export interface VirtualCard {
  /** Every APDU the card was sent, as uppercase hex. */
  readonly apdus: string[];
  /** Takes the card off the reader. */
  remove(): Promise<void>;
}

function frame(data: Buffer): Buffer {
  const header = Buffer.alloc(2);
  header.writeUInt16BE(data.length);
  return Buffer.concat([header, data]);
}

/** Places a card with `uidHex` on the vpcd reader listening on 127.0.0.1:`port`. */
export function placeCard(port: number, uidHex: string): Promise<VirtualCard> {
  const uid = Buffer.from(uidHex, 'hex');
  const apdus: string[] = [];
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
        if (message[0] === 4) socket.write(frame(ATR));
        continue;
      }
      apdus.push(message.toString('hex').toUpperCase());
      socket.write(frame(message.equals(GET_UID) ? Buffer.concat([uid, Buffer.from([0x90, 0x00])]) : Buffer.from([0x6a, 0x81])));
    }
  });
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  return new Promise((resolve, reject) => {
    socket.once('error', reject);
    socket.connect(port, '127.0.0.1', () => {
      socket.off('error', reject);
      socket.on('error', () => undefined);
      resolve({
        apdus,
        async remove() {
          socket.end();
          socket.destroy();
          await closed;
        },
      });
    });
  });
}
