// Encoding an NFC chip (docs/devices.md, "Encoding a chip"): a 60-byte URL encoded, locked and verified on an NTAG213
// through pcscd and vpcd with the virtual chip (test/helpers/type2-chip.ts), (a) the time from the chip presented to
// verified, against writing the fewest pages that URL needs and nothing else (no identification, no lock, no
// read-back), and (b) the commands sent, against those fewest pages.
import { createPcscDriver } from '../../src-main/devices/nfc/pcsc-binding';
import { Type2Access } from '../../src-main/devices/nfc/type2/access';
import { encodeChip, type EncodeResult } from '../../src-main/devices/nfc/type2/encode';
import { ndefTlv, uriMessage } from '../../src-main/devices/nfc/type2/ndef';
import { withPresentedChip } from '../../src-main/devices/nfc/type2/present';
import { present, startPcscd, takeAway, type Pcscd } from '../helpers/pcscd';
import { tempDir } from '../helpers/tmp';
import { Type2Chip } from '../helpers/type2-chip';
import { placeChip } from '../helpers/virtual-card';
import { median, type Bench } from './harness';

const RUNS = 5;
/** 60 bytes. */
const URL = 'https://id.example.test/01/09506000134352/21/SN00000000001AB';

async function presented<T>(
  pcscd: Pcscd,
  uid: string,
  work: (access: Type2Access, chip: Parameters<Parameters<typeof withPresentedChip>[2]>[0]) => Promise<T>,
): Promise<T> {
  const card = await present(pcscd, () => placeChip(pcscd.cardPort, new Type2Chip('NTAG213', uid)));
  try {
    return await withPresentedChip(createPcscDriver(), { timeoutMs: 60_000 }, (chip) => work(new Type2Access(chip.channel), chip));
  } finally {
    await takeAway(pcscd, card);
  }
}

export const nfcEncodeBench: Bench = {
  name: 'nfc-encode',
  async run() {
    const dir = tempDir('station-bench-nfc-');
    const pcscd = await startPcscd(dir.path);
    process.env.PCSCLITE_CSOCK_NAME = pcscd.socket;
    try {
      if (Buffer.byteLength(URL) !== 60) throw new Error('the benchmark URL must be 60 bytes');
      const target = ndefTlv(uriMessage(URL));
      const pages = Math.ceil(target.length / 4);
      const encodeMs: number[] = [];
      const rawMs: number[] = [];
      let last: EncodeResult | undefined;
      for (let i = 0; i < RUNS; i += 1) {
        last = await presented(pcscd, `04AA00000000${(i * 2).toString(16).padStart(2, '0')}`, async (_, chip) => {
          const t0 = performance.now();
          const result = await encodeChip(chip.channel, { url: URL, lock: true });
          encodeMs.push(performance.now() - t0);
          return result;
        });
        await presented(pcscd, `04AA00000000${(i * 2 + 1).toString(16).padStart(2, '0')}`, async (access) => {
          const padded = Buffer.alloc(pages * 4);
          target.copy(padded);
          const t0 = performance.now();
          for (let p = 0; p < pages; p += 1) await access.write(4 + p, padded.subarray(p * 4, p * 4 + 4));
          rawMs.push(performance.now() - t0);
        });
      }
      return [
        {
          name: `nfc: encode + lock + verify a 60-byte URL on an NTAG213 via pcscd/vpcd (median of ${RUNS})`,
          value: median(encodeMs),
          unit: 'ms',
          better: 'lower',
          baseline: { name: `${pages} page writes alone`, value: median(rawMs) },
        },
        {
          name: 'nfc: commands sent for it',
          value: last?.commands ?? 0,
          unit: 'APDUs',
          better: 'lower',
          baseline: { name: 'the fewest pages the URL needs', value: pages },
        },
      ];
    } finally {
      await pcscd.close();
      dir.remove();
    }
  },
};
