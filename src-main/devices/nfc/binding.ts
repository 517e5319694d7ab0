// The NFC reader interface every binding keeps (modelled on serialport's
// bindings-interface; docs/devices.md, "The shape of a binding"). The driver opens a context on the smart-card
// service; the context reports readers and cards as a stream of events.

import type { CardChannel } from './type2/access';

export type NfcEvent =
  | { type: 'reader-attached'; reader: string }
  | { type: 'reader-detached'; reader: string }
  /**
   * A card was placed; `uid` is the raw UID as the reader reported it (hex). `channel` talks to the card while it
   * stays (encoding a chip, docs/devices.md "Encoding a chip"); bindings that cannot leave it out.
   */
  | { type: 'card'; reader: string; uid: string; channel?: CardChannel }
  | { type: 'card-removed'; reader: string }
  /** A card was placed but its UID could not be read (unsupported card, removed too fast). */
  | { type: 'card-error'; reader: string; reason: string; atr?: Buffer };

export interface NfcDriver {
  /**
   * Opens a context on the smart-card service. Rejects with DeviceError code
   * NO_PCSC_SERVICE when no service runs (the caller polls and tries again).
   */
  open(): Promise<NfcContext>;
}

export interface NfcContext {
  /**
   * Resolves with the next event; readers already attached come first as
   * `reader-attached`. Rules: a call pending when `close()` is called rejects with a
   * DeviceError whose `canceled` is true; any other rejection means the context died
   * (the service stopped): close it and open a new one.
   */
  next(): Promise<NfcEvent>;
  /** Closes the context; a pending `next()` rejects as canceled. Closing twice is harmless. */
  close(): Promise<void>;
}
