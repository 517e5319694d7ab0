import { describe, expect, it } from 'vitest';
import { nfcCommands } from './nfc';

// The NFC area of the contract (docs/devices.md, "Encoding a chip"): a host asks for an encoding as one command; the
// one-chip-one-position check, the record of what was written and the refusal counts are no calls of their own.
describe('the NFC contract', () => {
  it('offers no step of an encoding on its own', () => {
    expect(Object.keys(nfcCommands).sort()).toEqual(['nfc.cancelEncode', 'nfc.counts', 'nfc.encode', 'nfc.encoding', 'nfc.prepare', 'nfc.settings']);
  });

  it('nfc.encode takes a position, not a chip: no UID, no "verified", no record', () => {
    const at = { reelId: '00000000-0000-4000-8000-000000000001', position: 3 };
    expect(nfcCommands['nfc.encode'].input.parse(at)).toEqual({ ...at, timeoutS: 60 });
    expect(nfcCommands['nfc.encode'].input.safeParse({ ...at, uid: '04112233445566' }).success).toBe(false);
    expect(nfcCommands['nfc.encode'].input.safeParse({ ...at, bytesWritten: 12 }).success).toBe(false);
    expect(nfcCommands['nfc.encode'].input.safeParse({ ...at, url: 'not a url' }).success).toBe(false);
  });
});
