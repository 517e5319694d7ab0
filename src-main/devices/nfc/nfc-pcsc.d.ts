// nfc-pcsc ships no type declarations; this declares the small part the PC/SC binding uses.
declare module 'nfc-pcsc' {
  import type { EventEmitter } from 'node:events';

  export interface NfcPcscCard {
    uid?: string;
    atr?: Buffer;
    standard?: string;
  }

  export class Reader extends EventEmitter {
    readonly reader: { name: string };
    readonly card: NfcPcscCard | null;
    close(): void;
    /** Sends one APDU to the card; resolves with the answer (status word included). */
    transmit(data: Buffer, responseMaxLength: number): Promise<Buffer>;
    on(event: 'card' | 'card.off', listener: (card: NfcPcscCard) => void): this;
    on(event: 'error', listener: (error: Error) => void): this;
    on(event: 'end', listener: () => void): this;
  }

  export class NFC extends EventEmitter {
    constructor(logger?: unknown);
    close(): void;
    on(event: 'reader', listener: (reader: Reader) => void): this;
    on(event: 'error', listener: (error: Error) => void): this;
  }
}
