import type { CliCommand } from '../command';
import { UsageError } from '../context';
import { parseCommand } from '../flags';

// `station nfc read` and `station nfc encode` (docs/devices.md, "Encoding a chip"): the chip on a PC/SC reader, read or
// written with a Label's URL, locked when asked, read back, then recorded with the Label (and enrolled with --enroll).

const DEFAULT_TIMEOUT_S = 60;
const timeoutFlag = { type: 'number', min: 1, max: 3600, what: 'a number of seconds' } as const;

export const nfcReadCommand: CliCommand = {
  path: ['nfc', 'read'],
  usage: 'station [--json] nfc read [--reader NAME] [--timeout S]',
  summary: 'Wait for a chip on the NFC reader and print its UID, type, capacity, lock and NDEF records.',
  async run(ctx, args) {
    const { values } = parseCommand(args, { command: 'nfc read', options: { reader: { type: 'string' }, timeout: timeoutFlag } });
    // The PC/SC driver (node:net) and the chip's encoding load with this command, not with every command
    // (docs/architecture.md, "Start-up").
    const [{ createPcscDriver }, { readChip }, { withPresentedChip }] = await Promise.all([
      import('../../../devices/nfc/pcsc-binding'),
      import('../../../devices/nfc/type2/encode'),
      import('../../../devices/nfc/type2/present'),
    ]);
    const out = await withPresentedChip(
      createPcscDriver(),
      { ...(values.reader ? { reader: values.reader } : {}), timeoutMs: (values.timeout ?? DEFAULT_TIMEOUT_S) * 1000 },
      async (chip) => ({ uid: chip.uid, ...(await readChip(chip.channel)) }),
    );
    const records = out.ndef.map((r) => r.uri ?? r.text ?? `(${r.type})`).join(', ') || 'no NDEF records';
    ctx.print(out, `${out.uid}: ${out.type}, ${out.capacity} bytes${out.locked ? ', locked' : ''}; ${records}`);
    return 0;
  },
};

export const nfcCountsCommand: CliCommand = {
  path: ['nfc', 'counts'],
  usage: 'station [--data DIR] [--json] nfc counts --reel REEL',
  summary: "A Reel's chips encoded and locked, and the chips refused by reason.",
  async run(ctx, args) {
    const { values } = parseCommand(args, { command: 'nfc counts', options: { reel: { type: 'string' } } });
    if (!values.reel) throw new UsageError('nfc counts needs --reel REEL.');
    const counts = await ctx.call('nfc.counts', { reelId: values.reel });
    const refused = Object.entries(counts.refused).map(([code, n]) => `${code} ${n}`);
    ctx.print(counts, `${counts.encoded} encoded, ${counts.locked} locked; refused: ${refused.join(', ') || 'none'}`);
    return 0;
  },
};

function onOff(flag: string, value: string | undefined): boolean | undefined {
  if (value === undefined) return undefined;
  if (value !== 'on' && value !== 'off') throw new UsageError(`${flag} is on or off (got "${value}").`);
  return value === 'on';
}

export const nfcSettingsCommand: CliCommand = {
  path: ['nfc', 'settings'],
  usage: 'station [--data DIR] [--json] nfc settings --reel REEL [--encode on|off] [--lock on|off]',
  summary: "A Reel's chip encoding: encode at the Bench, lock after writing (both off by default; a lock cannot be undone).",
  async run(ctx, args) {
    const { values } = parseCommand(args, {
      command: 'nfc settings',
      options: { reel: { type: 'string' }, encode: { type: 'string' }, lock: { type: 'string' } },
    });
    if (!values.reel) throw new UsageError('nfc settings needs --reel REEL.');
    const encode = onOff('--encode', values.encode);
    const lock = onOff('--lock', values.lock);
    const out = await ctx.call('nfc.settings', { reelId: values.reel, ...(encode === undefined ? {} : { encode }), ...(lock === undefined ? {} : { lock }) });
    ctx.print(out, `Encode at the Bench: ${out.encode ? 'on' : 'off'}; lock after writing: ${out.lock ? 'on (a locked chip can never be rewritten)' : 'off'}.`);
    return 0;
  },
};

export const nfcEncodeCommand: CliCommand = {
  path: ['nfc', 'encode'],
  usage: 'station [--data DIR] [--json] nfc encode --reel REEL --position N [--url URL] [--lock] [--reader NAME] [--timeout S] [--enroll]',
  summary:
    "Wait for a chip, write the Label's URL (the print data's QR value, or --url) as NDEF, lock it with --lock (or the Reel's setting), read it back, and record it; --enroll also enrolls the position with the chip's UID.",
  async run(ctx, args) {
    const { values } = parseCommand(args, {
      command: 'nfc encode',
      options: {
        reel: { type: 'string' },
        position: { type: 'number' },
        url: { type: 'string' },
        lock: { type: 'boolean' },
        reader: { type: 'string' },
        timeout: timeoutFlag,
        enroll: { type: 'boolean' },
      },
    });
    const reelId = values.reel;
    if (!reelId) throw new UsageError('nfc encode needs --reel REEL.');
    const position = values.position;
    if (position === undefined) throw new UsageError('nfc encode needs --position N, a whole number.');
    const out = await ctx.call('nfc.encode', {
      reelId,
      position,
      ...(values.url ? { url: values.url } : {}),
      ...(values.lock ? { lock: true } : {}),
      ...(values.reader ? { reader: values.reader } : {}),
      timeoutS: values.timeout ?? DEFAULT_TIMEOUT_S,
    });
    const answer = { uid: out.uid, url: out.url, type: out.type, bytesWritten: out.bytesWritten, locked: out.locked, verified: out.verified };
    if (!values.enroll) {
      ctx.print(answer, `${out.uid} (${out.type}) holds ${out.url}${out.locked ? ', locked' : ''}; verified.`);
      return 0;
    }
    const enrolled = await ctx.call('labels.enroll', { reelId, position, identifiers: [{ tagType: 'NFC', value: out.uid }] });
    ctx.print(
      { ...answer, labelId: enrolled.labelId, state: enrolled.state },
      `${out.uid} (${out.type}) holds ${out.url}${out.locked ? ', locked' : ''}; verified; Label ${enrolled.labelId} at position ${position}: ${enrolled.state}.`,
    );
    return 0;
  },
};
