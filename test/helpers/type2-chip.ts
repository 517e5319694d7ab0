// A model of NFC Forum Type 2 chips as NXP's data sheets describe them: NTAG213/215/216 (NTAG213_215_216,
// rev. 3.2) and MIFARE Ultralight EV1 (MF0ULX1, rev. 3.3). Only the chip: its EEPROM pages and the commands a
// reader sends it over the air (READ 30h, WRITE A2h, GET_VERSION 60h); test/helpers/virtual-card.ts puts a PC/SC
// reader in front of it. Nothing here knows the station's code.
//
// Memory (4-byte pages):
// - page 0: UID0-2 and BCC0 (88h ^ UID0 ^ UID1 ^ UID2); page 1: UID3-6; page 2: BCC1 (UID3 ^ … ^ UID6), an internal
//   byte (48h) and the two static lock bytes; page 3: the capability container (CC), one-time programmable (a write
//   ORs its bits in). Pages 0-1 are never writable; of page 2 only the lock bytes are, ORed in.
// - user memory from page 4; then (all but the 48-byte MF0UL11) the dynamic lock bytes; then the configuration
//   pages (the password and PACK pages read as 00h).
// - static lock byte 0: bit 0 BL-CC, bit 1 BL 9-4, bit 2 BL 15-10 (block-locking bits freeze lock bits), bit 3 L-CC,
//   bits 4-7 L4-L7; lock byte 1: L8-L15. A set L bit makes its page read-only; lock bits are OTP.
// - dynamic lock bytes 0-1: each bit locks `pagesPerBit` pages from page 16 on; byte 2 holds block-locking bits,
//   each freezing `lockBitsPerBlock` of those bits. Byte 3 is RFU.
// A WRITE to a page that is locked, read-only or past the end is answered with a NAK (0h) and changes nothing;
// a READ of 4 pages rolls over to page 0 past the last page; a READ past the end is a NAK.

export type ChipModel = 'NTAG213' | 'NTAG215' | 'NTAG216' | 'MF0UL11' | 'MF0UL21';

interface ChipSpec {
  pages: number;
  userPages: number;
  version: string;
  /** The CC as delivered (NTAG: NDEF-formatted; Ultralight EV1: blank). */
  cc: string;
  dynamicLock: { page: number; pagesPerBit: number; lockBits: number; lockBitsPerBlock: number } | null;
  /** The first configuration page; PWD and PACK (the last two pages) read as zeros. */
  configPage: number;
}

const CHIP_SPECS: Record<ChipModel, ChipSpec> = {
  NTAG213: {
    pages: 45,
    userPages: 36,
    version: '0004040201000F03',
    cc: 'E1101200',
    dynamicLock: { page: 0x28, pagesPerBit: 2, lockBits: 12, lockBitsPerBlock: 4 },
    configPage: 0x29,
  },
  NTAG215: {
    pages: 135,
    userPages: 126,
    version: '0004040201001103',
    cc: 'E1103E00',
    dynamicLock: { page: 0x82, pagesPerBit: 16, lockBits: 8, lockBitsPerBlock: 2 },
    configPage: 0x83,
  },
  NTAG216: {
    pages: 231,
    userPages: 222,
    version: '0004040201001303',
    cc: 'E1106D00',
    dynamicLock: { page: 0xe2, pagesPerBit: 16, lockBits: 14, lockBitsPerBlock: 2 },
    configPage: 0xe3,
  },
  MF0UL11: { pages: 20, userPages: 12, version: '0004030101000B03', cc: '00000000', dynamicLock: null, configPage: 0x10 },
  MF0UL21: {
    pages: 41,
    userPages: 32,
    version: '0004030101000E03',
    cc: '00000000',
    dynamicLock: { page: 0x24, pagesPerBit: 2, lockBits: 10, lockBitsPerBlock: 4 },
    configPage: 0x25,
  },
};

/**
 * A chip's state in shared memory: the virtual card that answers for it runs in a thread of its own
 * (test/helpers/virtual-card.ts) while the test looks at the same bytes.
 */
export interface ChipState {
  model: ChipModel;
  uidHex: string;
  /** The EEPROM, page by page. */
  memory: SharedArrayBuffer;
  /** One 32-bit counter: the page writes completed. */
  counters: SharedArrayBuffer;
  weakPages: number[];
}

export const ACK = 0x0a;
export const NAK = 0x00;

export class Type2Chip {
  readonly model: ChipModel;
  readonly uid: Buffer;
  readonly #spec: ChipSpec;
  readonly #memory: Buffer;
  readonly #shared: { memory: SharedArrayBuffer; counters: SharedArrayBuffer };
  readonly #counters: Int32Array;
  /** Pages with a worn-out EEPROM cell: a WRITE there is ACKed but its last byte keeps one bit flipped (a defective chip, outside the data sheet). */
  readonly weakPages = new Set<number>();

  constructor(model: ChipModel, uidHex: string, state?: ChipState) {
    const uid = Buffer.from(uidHex, 'hex');
    if (uid.length !== 7) throw new Error('A Type 2 chip has a 7-byte UID.');
    this.model = model;
    this.uid = uid;
    this.#spec = CHIP_SPECS[model];
    const memory = state?.memory ?? new SharedArrayBuffer(this.#spec.pages * 4);
    const counters = state?.counters ?? new SharedArrayBuffer(4);
    this.#shared = { memory, counters };
    this.#counters = new Int32Array(counters);
    this.#memory = Buffer.from(memory);
    for (const page of state?.weakPages ?? []) this.weakPages.add(page);
    if (state) return;
    const m = this.#memory;
    const u = [...uid];
    uid.copy(m, 0, 0, 3);
    m[3] = u.slice(0, 3).reduce((x, b) => x ^ b, 0x88);
    uid.copy(m, 4, 3, 7);
    m[8] = u.slice(3).reduce((x, b) => x ^ b, 0);
    m[9] = 0x48;
    Buffer.from(this.#spec.cc, 'hex').copy(m, 12);
    // NTAG21x leave the factory with an empty NDEF message (03 00 FE); the Ultralight EV1's user memory is zeros.
    if (this.model.startsWith('NTAG')) Buffer.from('0300FE00', 'hex').copy(m, 16);
    if (this.#spec.dynamicLock && this.model.startsWith('NTAG')) m[this.#spec.dynamicLock.page * 4 + 3] = 0xbd;
    // CFG0 (MIRROR, AUTH0 = FFh: no password protection) and CFG1 (ACCESS).
    m[this.#spec.configPage * 4 + 3] = 0xff;
  }

  /** The chip as it is now, for the thread that answers for it (the same memory, not a copy). */
  share(): ChipState {
    return { model: this.model, uidHex: this.uid.toString('hex'), ...this.#shared, weakPages: [...this.weakPages] };
  }

  /** Page writes the chip completed (over its whole life). */
  get writes(): number {
    return Atomics.load(this.#counters, 0);
  }

  get lastPage(): number {
    return this.#spec.pages - 1;
  }

  /** A copy of page `page` (tests look at memory directly). */
  page(page: number): Buffer {
    return Buffer.from(this.#memory.subarray(page * 4, page * 4 + 4));
  }

  /** Bytes of user memory from page 4. */
  user(length = this.#spec.userPages * 4): Buffer {
    return Buffer.from(this.#memory.subarray(16, 16 + length));
  }

  /** GET_VERSION (60h): vendor, product type, subtype, major and minor version, storage size, protocol. */
  getVersion(): Buffer {
    return Buffer.from(this.#spec.version, 'hex');
  }

  /** READ (30h): 16 bytes from `page`, rolling over to page 0 past the last page; a NAK past the end. */
  read(page: number): Buffer | typeof NAK {
    if (page > this.lastPage) return NAK;
    const out = Buffer.alloc(16);
    for (let i = 0; i < 4; i += 1) {
      const p = (page + i) % this.#spec.pages;
      // The password and PACK pages always read as zeros.
      if (p < this.#spec.pages - 2) this.#memory.copy(out, i * 4, p * 4, p * 4 + 4);
    }
    return out;
  }

  #byte(at: number): number {
    return this.#memory.readUInt8(at);
  }

  #or(at: number, bits: number): void {
    this.#memory.writeUInt8(this.#byte(at) | bits, at);
  }

  /** Whether a WRITE to `page` is refused by a lock bit (or the page is never writable). */
  locked(page: number): boolean {
    const lock0 = this.#byte(10);
    const lock1 = this.#byte(11);
    if (page <= 1) return true;
    if (page === 2) return false;
    if (page === 3) return (lock0 & 0x08) !== 0;
    if (page <= 7) return (lock0 & (1 << page)) !== 0;
    if (page <= 15) return (lock1 & (1 << (page - 8))) !== 0;
    const dyn = this.#spec.dynamicLock;
    const lastUser = 3 + this.#spec.userPages;
    if (!dyn || page > lastUser) return false;
    const bit = Math.floor((page - 16) / dyn.pagesPerBit);
    return (this.#byte(dyn.page * 4 + (bit >> 3)) & (1 << (bit & 7))) !== 0;
  }

  /** WRITE (A2h): one page; ACK, or NAK when the page is locked, never writable or past the end. */
  write(page: number, data: Buffer): typeof ACK | typeof NAK {
    if (data.length !== 4 || page > this.lastPage || this.locked(page)) return NAK;
    const at = page * 4;
    const d = (i: number) => data.readUInt8(i);
    if (page === 2) {
      // Only the lock bytes, ORed; a block-locking bit keeps its lock bits as they are.
      const lock0 = this.#byte(10);
      let add0 = d(2) & ~lock0;
      if (lock0 & 0x01) add0 &= ~0x08;
      if (lock0 & 0x02) add0 &= ~0xf0;
      let add1 = d(3) & ~this.#byte(11);
      if (lock0 & 0x02) add1 &= ~0x03;
      if (lock0 & 0x04) add1 &= ~0xfc;
      this.#or(10, add0);
      this.#or(11, add1);
    } else if (page === 3) {
      for (let i = 0; i < 4; i += 1) this.#or(at + i, d(i));
    } else if (this.#spec.dynamicLock && page === this.#spec.dynamicLock.page) {
      const dyn = this.#spec.dynamicLock;
      const blocks = this.#byte(at + 2);
      for (let bit = 0; bit < dyn.lockBits; bit += 1) {
        const frozen = (blocks & (1 << Math.floor(bit / dyn.lockBitsPerBlock))) !== 0;
        if (!frozen && d(bit >> 3) & (1 << (bit & 7))) this.#or(at + (bit >> 3), 1 << (bit & 7));
      }
      this.#or(at + 2, d(2) & ((1 << Math.ceil(dyn.lockBits / dyn.lockBitsPerBlock)) - 1));
    } else {
      data.copy(this.#memory, at);
      if (this.weakPages.has(page)) this.#memory.writeUInt8(d(3) ^ 0x01, at + 3);
    }
    Atomics.add(this.#counters, 0, 1);
    return ACK;
  }

  /**
   * A write the field dropped in the middle of (EEPROM tearing): part of the page holds the new bytes, the rest
   * the old ones, and no answer comes back.
   */
  tear(page: number, data: Buffer): void {
    if (data.length !== 4 || page < 4 || page > this.lastPage || this.locked(page)) return;
    data.copy(this.#memory, page * 4, 0, 2);
  }
}
