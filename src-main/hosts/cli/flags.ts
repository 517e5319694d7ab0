import { UsageError } from './context';

// Flags several commands share: the identifier values read from a Label, and whole numbers.

/** `--text V --qr V --data-matrix V --bar-code V --nfc HEX`: the flag of each string tagType. */
export const VALUE_FLAGS = { text: 'TEXT', qr: 'QR', 'data-matrix': 'DATA_MATRIX', 'bar-code': 'BAR_CODE', nfc: 'NFC' } as const;
type ValueFlag = keyof typeof VALUE_FLAGS;

/** parseArgs options for the value flags (`multiple`: a flag may repeat) and `--svc IMAGE`. */
export function valueFlagOptions(multiple: boolean) {
  const value = multiple ? ({ type: 'string', multiple: true } as const) : ({ type: 'string' } as const);
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

/** A whole-number flag (0 or more), or a usage error naming it; undefined when it was not given and is optional. */
export function wholeNumber(flag: string, text: string | undefined, required = false): number | undefined {
  if (text === undefined) {
    if (required) throw new UsageError(`--${flag} is needed: a whole number.`);
    return undefined;
  }
  const n = Number(text);
  if (text.trim() === '' || !Number.isSafeInteger(n) || n < 0) throw new UsageError(`--${flag} must be a whole number (got "${text}").`);
  return n;
}
