import { parseArgs } from 'node:util';
import { UsageError } from './context';

// How every CLI command reads its arguments (README: CLI): `parseCommand` on node:util's parseArgs, with whole-number
// flags checked against their range and refused by name, and the positional arguments counted. Also the flags several
// commands share: the identifier values read from a Label.

/** A flag that takes a text (`multiple`: it may repeat). */
type TextFlag = { type: 'string'; multiple?: false } | { type: 'string'; multiple: true };
/** A flag that is there or not. */
type SwitchFlag = { type: 'boolean' };
/** A whole number from `min` (default 0) to `max` (default none); `what` names it in the refusal ("a port number"). */
interface NumberFlag {
  type: 'number';
  min?: number;
  max?: number;
  what?: string;
}
export type Flag = TextFlag | SwitchFlag | NumberFlag;

type FlagValue<F> = F extends NumberFlag ? number : F extends SwitchFlag ? boolean : F extends { multiple: true } ? string[] : string;
export type FlagValues<O extends Record<string, Flag>> = { [K in keyof O]?: FlagValue<O[K]> };

export interface CommandSpec<O extends Record<string, Flag>> {
  /** The command's words, as the messages name it (`bulk-bind`, `verify plan`). */
  command: string;
  options: O;
  /** The positional arguments it takes, each by the name its usage gives it (`['FILE.csv']`); none when left out. */
  positionals?: readonly string[];
  /** Said after a refusal of stray words (`Use "devices" or "devices watch".`). */
  hint?: string;
}

/**
 * Reads a command's arguments (the words after the command's own): unknown flags, a flag without its value, stray or
 * missing positional arguments and a number flag that is not a whole number in its range are each a usage error
 * (exit 2) that names the flag or the word.
 */
export function parseCommand<O extends Record<string, Flag>>(args: string[], spec: CommandSpec<O>): { values: FlagValues<O>; positionals: string[] } {
  const options = Object.fromEntries(
    Object.entries(spec.options).map(([name, flag]) => [
      name,
      flag.type === 'number' ? { type: 'string' as const } : flag.type === 'boolean' ? { type: 'boolean' as const } : { ...flag },
    ]),
  );
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({ args, options, strict: true, allowPositionals: true });
  } catch (error) {
    // parseArgs' own words name the flag ("Unknown option '--x'", "Option '--reel <value>' argument missing").
    if (error instanceof Error && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS')) throw new UsageError(`${spec.command}: ${error.message}`);
    throw error;
  }
  const expected = spec.positionals ?? [];
  const { positionals } = parsed;
  const hint = spec.hint ? ` ${spec.hint}` : '';
  if (expected.length === 0 && positionals.length > 0) {
    throw new UsageError(`${spec.command} takes no positional arguments (got "${positionals.join(' ')}").${hint}`);
  }
  if (positionals.length !== expected.length) {
    const got = positionals.length ? `got "${positionals.join(' ')}"` : 'got none';
    throw new UsageError(
      `${spec.command} needs ${expected.join(' ')} (${expected.length === 1 ? 'exactly one' : `exactly ${expected.length}`}; ${got}).${hint}`,
    );
  }
  const values: Record<string, unknown> = { ...parsed.values };
  for (const [name, flag] of Object.entries(spec.options)) {
    if (flag.type !== 'number' || values[name] === undefined) continue;
    values[name] = wholeNumber(name, values[name] as string, flag);
  }
  return { values: values as FlagValues<O>, positionals };
}

/** `text` as a whole number in the flag's range, or a usage error naming the flag. */
function wholeNumber(flag: string, text: string, range: Omit<NumberFlag, 'type'> = {}): number {
  const min = range.min ?? 0;
  const max = range.max ?? Number.MAX_SAFE_INTEGER;
  // Digits only: "1e3", "0x10" and "1.0" are refused, not read as numbers.
  const n = /^[0-9]+$/.test(text) ? Number(text) : NaN;
  if (!Number.isSafeInteger(n) || n < min || n > max) {
    const bounds = max === Number.MAX_SAFE_INTEGER ? `${min} or more` : `from ${min} to ${max}`;
    throw new UsageError(`--${flag} must be ${range.what ? `${range.what}, ` : ''}a whole number ${bounds} (got "${text}").`);
  }
  return n;
}

/** `--text V --qr V --data-matrix V --bar-code V --nfc HEX`: the flag of each string tagType. */
export const VALUE_FLAGS = { text: 'TEXT', qr: 'QR', 'data-matrix': 'DATA_MATRIX', 'bar-code': 'BAR_CODE', nfc: 'NFC' } as const;
type ValueFlag = keyof typeof VALUE_FLAGS;

/** The value flags (`multiple`: a flag may repeat) and `--svc IMAGE`. */
export function valueFlagOptions<M extends boolean>(multiple: M) {
  const value = (multiple ? { type: 'string', multiple: true } : { type: 'string' }) as M extends true
    ? { type: 'string'; multiple: true }
    : { type: 'string' };
  return { text: value, qr: value, 'data-matrix': value, 'bar-code': value, nfc: value, svc: { type: 'string' } } as const;
}

/** The identifiers the value flags name, in flag order. */
export function identifiersFrom(
  values: Partial<Record<ValueFlag, string | string[] | undefined>>,
): { tagType: (typeof VALUE_FLAGS)[ValueFlag]; value: string }[] {
  return (Object.entries(VALUE_FLAGS) as [ValueFlag, (typeof VALUE_FLAGS)[ValueFlag]][]).flatMap(([flag, tagType]) => {
    const given = values[flag];
    return (given === undefined ? [] : Array.isArray(given) ? given : [given]).map((value) => ({ tagType, value }));
  });
}
