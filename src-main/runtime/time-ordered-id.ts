import { randomFillSync } from './node-crypto';

// The ids of the Label rows the station makes (the mirror's of a shared Reel, in bulk: docs/sync.md, "Opening at shop
// scale"; an enrollment's, a print-data import's, a gap's) as UUIDv7 (RFC 9562, 5.7): the time in milliseconds first,
// then a counter within the millisecond (rand_a, RFC 9562, 6.2, method 1), then random bits. Ids made one after another
// sort one after another, so a page of new rows lands at the end of the Labels' primary key index instead of all over
// it: fewer pages written per commit (measured: 10,000 Labels in 20 pages wrote 11.0 MB of WAL instead of 15.4 MB with
// random ids). Still a UUID, as every local id is.

let lastMs = 0;
let counter = 0;
const bytes = Buffer.alloc(16);
// The random bits drawn for 256 ids at a time (as node:crypto's randomUUID keeps its own): one call into the system's
// generator per id cost more than the rest of the id.
const POOL_IDS = 256;
const pool = Buffer.alloc(8 * POOL_IDS);
let pooled = 0;

/** A new UUIDv7, after every one this process made before. */
export function timeOrderedUUID(now: number = Date.now()): string {
  if (now > lastMs) {
    lastMs = now;
    counter = 0;
  } else if (counter < 0xfff) {
    counter += 1;
  } else {
    // 4,096 ids in one millisecond: the next ones borrow the next millisecond, so the order holds.
    lastMs += 1;
    counter = 0;
  }
  if (pooled === 0) {
    randomFillSync(pool);
    pooled = POOL_IDS;
  }
  pooled -= 1;
  pool.copy(bytes, 8, pooled * 8, pooled * 8 + 8);
  bytes.writeUIntBE(lastMs, 0, 6);
  bytes[6] = 0x70 | (counter >> 8);
  bytes[7] = counter & 0xff;
  bytes[8] = 0x80 | ((bytes[8] as number) & 0x3f);
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
