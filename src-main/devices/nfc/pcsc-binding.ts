import { createConnection } from 'node:net';
import { DeviceError } from '../errors';
import { EventQueue } from '../event-queue';
import type { NfcContext, NfcDriver, NfcEvent } from './binding';

// The real NFC binding: nfc-pcsc over @pokusew/pcsclite. What their source does when
// pcscd goes away, and how this adapter copes (the station survives a pcscd restart):
// - `new PCSCLite()` loops on SCardEstablishContext while the service is missing, on
//   the JS thread: constructing it without pcscd would freeze the station. So open()
//   first checks that pcscd's socket answers and only then constructs it.
// - When pcscd dies, the monitor thread's SCardGetStatusChange fails, PCSCLite emits
//   'error' and stops for good (no reconnection inside the library). The context is
//   failed here, and the supervisor closes it and opens a new one once pcscd is back.
// - Readers get no 'end' when the service dies; the supervisor marks them disconnected.

/** pcscd's client socket (libpcsclite honours PCSCLITE_CSOCK_NAME too). */
function pcscSocketPath(): string {
  return process.env.PCSCLITE_CSOCK_NAME ?? '/run/pcscd/pcscd.comm';
}

function socketAnswers(path: string, timeoutMs = 1000): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection(path);
    const done = (ok: boolean) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(ok);
    };
    const timer = setTimeout(() => done(false), timeoutMs);
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

function noService(detail: string): DeviceError {
  return new DeviceError(
    'NO_PCSC_SERVICE',
    `No PC/SC smart-card service runs (${detail}). Start it (Linux: "sudo systemctl start pcscd.socket"); NFC readers appear by themselves once it runs.`,
  );
}

export function createPcscDriver(): NfcDriver {
  return {
    async open(): Promise<NfcContext> {
      const socket = pcscSocketPath();
      if (!(await socketAnswers(socket))) throw noService(`${socket} does not answer`);
      let NFC: typeof import('nfc-pcsc').NFC;
      try {
        ({ NFC } = await import('nfc-pcsc'));
      } catch (error) {
        // @pokusew/pcsclite is a Nan addon: it must be built for the runtime's ABI (Node or Electron).
        throw new DeviceError(
          'DRIVER_UNAVAILABLE',
          'The PC/SC module (@pokusew/pcsclite) could not be loaded; rebuild it for this runtime (npm rebuild, or for Electron its ABI).',
          { cause: error },
        );
      }
      const nfc = new NFC();
      const queue = new EventQueue<NfcEvent>();
      // nfc.close() stops only the library's own monitor: each reader keeps watching and connecting to cards until it is
      // closed, and a closed context's reader would then take a card (and its answers) from the next context's.
      const readers = new Set<{ close(): void }>();
      nfc.on('reader', (reader) => {
        readers.add(reader);
        reader.on('end', () => readers.delete(reader));
        const name = reader.reader.name;
        queue.push({ type: 'reader-attached', reader: name });
        reader.on('card', (card) => {
          const channel = {
            atr: card.atr ?? null,
            // nfc-pcsc throws at once (not a rejection) when the card is gone.
            transmit: async (apdu: Buffer) => reader.transmit(apdu, 258),
          };
          if (card.uid) queue.push({ type: 'card', reader: name, uid: card.uid, channel });
          else queue.push({ type: 'card-error', reader: name, reason: 'The card on the reader reported no UID.' });
        });
        reader.on('card.off', () => queue.push({ type: 'card-removed', reader: name }));
        reader.on('error', (error) => {
          // Reader errors without a card come from the service going away; the context error reports that.
          if (reader.card)
            queue.push({
              type: 'card-error',
              reader: name,
              reason: `Cannot read the card's UID: ${error.message}. Hold the card still on the reader.`,
              ...(reader.card.atr ? { atr: reader.card.atr } : {}),
            });
        });
        reader.on('end', () => queue.push({ type: 'reader-detached', reader: name }));
      });
      nfc.on('error', (error) => queue.fail(noService(`pcscd stopped: ${error.message}`)));
      return {
        next: () => queue.next(),
        close: async () => {
          queue.cancel('The PC/SC context');
          for (const reader of readers) reader.close();
          readers.clear();
          nfc.close();
        },
      };
    },
  };
}
