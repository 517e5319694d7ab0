import { StationError } from '../../../../src-shared/ipc/station-error';
import { NfcEncodeCode } from '../../../../src-shared/domain/nfc-encoding';

// A Type 2 tag through a PC/SC contactless reader (docs/devices.md, "Encoding a chip"): the commands of PC/SC 2.01
// part 3 for storage cards, which readers turn into the tag's own READ and WRITE, and the direct transmit of
// ACR122U-style readers (`FF 00 00 00`, the PN53x's InCommunicateThru) for GET_VERSION, which part 3 has no
// command for.

/** A connection to the card on a reader: its ATR and one APDU at a time. */
export interface CardChannel {
  readonly atr: Buffer | null;
  /** Sends one APDU and resolves with the answer (data and status word); rejects when the card is gone. */
  transmit(apdu: Buffer): Promise<Buffer>;
}

/** The card stopped answering (it left the field). */
export class ChipGoneError extends Error {}

export class Type2Access {
  readonly #channel: CardChannel;
  /** APDUs sent so far. */
  commands = 0;
  /** Page writes acknowledged so far. */
  writes = 0;

  constructor(channel: CardChannel) {
    this.#channel = channel;
  }

  async #send(apdu: Buffer): Promise<Buffer> {
    this.commands += 1;
    try {
      const answer = await this.#channel.transmit(apdu);
      if (answer.length < 2) throw new ChipGoneError(`the reader answered ${answer.length} bytes`);
      return answer;
    } catch (error) {
      if (error instanceof ChipGoneError) throw error;
      throw new ChipGoneError(error instanceof Error ? error.message : String(error), { cause: error });
    }
  }

  /** READ BINARY of 16 bytes (pages `page` to `page + 3`); null when the tag refuses (a page past its end). */
  async read(page: number): Promise<Buffer | null> {
    const answer = await this.#send(Buffer.from([0xff, 0xb0, 0x00, page, 0x10]));
    if (answer.readUInt16BE(answer.length - 2) !== 0x9000 || answer.length !== 18) return null;
    return answer.subarray(0, 16);
  }

  /** Reads `count` pages from `page` (in reads of 4 pages). */
  async readPages(page: number, count: number): Promise<Buffer> {
    const parts: Buffer[] = [];
    for (let p = page; p < page + count; p += 4) {
      const data = await this.read(p);
      if (!data)
        throw new StationError({
          code: NfcEncodeCode.unsupported,
          message: `The chip refused to read page ${p}; it is not a Type 2 tag the station can read.`,
        });
      parts.push(data);
    }
    return Buffer.concat(parts).subarray(0, count * 4);
  }

  /** UPDATE BINARY of one page; false when the tag refuses it (a locked page). */
  async write(page: number, data: Buffer): Promise<boolean> {
    const answer = await this.#send(Buffer.concat([Buffer.from([0xff, 0xd6, 0x00, page, 0x04]), data]));
    const ok = answer.readUInt16BE(answer.length - 2) === 0x9000;
    if (ok) this.writes += 1;
    return ok;
  }

  /** GET_VERSION (60h) through the reader's direct transmit; null when the tag or the reader does not answer it. */
  async getVersion(): Promise<Buffer | null> {
    const answer = await this.#send(Buffer.from([0xff, 0x00, 0x00, 0x00, 0x03, 0xd4, 0x42, 0x60]));
    if (answer.length !== 13 || answer[0] !== 0xd5 || answer[1] !== 0x43 || answer[2] !== 0x00 || answer.readUInt16BE(11) !== 0x9000) return null;
    return answer.subarray(3, 11);
  }
}
