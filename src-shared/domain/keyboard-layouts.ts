// Keyboard layouts as HID usage (USB HID Usage Tables, page 0x07) → characters, for
// decoding keyboard reports from HID scanners and for the wedge layout check. A scanner
// in keyboard mode sends key positions, not characters: the host's layout picks the
// character, which is why a US-programmed scanner on a German PC types `z` for `y`
// (docs/devices.md, "Scanners": the keyboard wedge).

export type LayoutId = 'US' | 'DE';

/** [unshifted, shifted, AltGr] characters of one key; a missing entry types nothing. */
type KeyChars = readonly [string, string, string?];

export interface KeyboardLayout {
  id: LayoutId;
  name: string;
  keys: ReadonlyMap<number, KeyChars>;
}

function letters(): [number, KeyChars][] {
  const out: [number, KeyChars][] = [];
  for (let i = 0; i < 26; i += 1) {
    const c = String.fromCharCode(0x61 + i);
    out.push([0x04 + i, [c, c.toUpperCase()]]);
  }
  return out;
}

/** Keys that type the same on both layouts (space, tab, keypad). */
const COMMON: [number, KeyChars][] = [
  [0x2b, ['\t', '\t']],
  [0x2c, [' ', ' ']],
  [0x54, ['/', '/']],
  [0x55, ['*', '*']],
  [0x56, ['-', '-']],
  [0x57, ['+', '+']],
  ...[...'1234567890'].map((c, i): [number, KeyChars] => [0x59 + i, [c, c]]),
];

const US_KEYS: [number, KeyChars][] = [
  ...letters(),
  ...[...'1234567890'].map((c, i): [number, KeyChars] => [0x1e + i, [c, '!@#$%^&*()'.charAt(i)]]),
  [0x2d, ['-', '_']],
  [0x2e, ['=', '+']],
  [0x2f, ['[', '{']],
  [0x30, [']', '}']],
  [0x31, ['\\', '|']],
  [0x32, ['#', '~']],
  [0x33, [';', ':']],
  [0x34, ["'", '"']],
  [0x35, ['`', '~']],
  [0x36, [',', '<']],
  [0x37, ['.', '>']],
  [0x38, ['/', '?']],
  [0x63, ['.', '.']],
  [0x64, ['\\', '|']],
  ...COMMON,
];

// German (T1, DIN 2137): y and z swapped, symbols moved, AltGr for @ { [ ] } \ ~ | €.
const DE_KEYS: [number, KeyChars][] = [
  ...letters().map(([usage, chars]): [number, KeyChars] => {
    if (usage === 0x1c) return [usage, ['z', 'Z']];
    if (usage === 0x1d) return [usage, ['y', 'Y']];
    if (usage === 0x14) return [usage, ['q', 'Q', '@']];
    if (usage === 0x08) return [usage, ['e', 'E', '€']];
    if (usage === 0x10) return [usage, ['m', 'M', 'µ']];
    return [usage, chars];
  }),
  [0x1e, ['1', '!']],
  [0x1f, ['2', '"', '²']],
  [0x20, ['3', '§', '³']],
  [0x21, ['4', '$']],
  [0x22, ['5', '%']],
  [0x23, ['6', '&']],
  [0x24, ['7', '/', '{']],
  [0x25, ['8', '(', '[']],
  [0x26, ['9', ')', ']']],
  [0x27, ['0', '=', '}']],
  [0x2d, ['ß', '?', '\\']],
  [0x2e, ['´', '`']],
  [0x2f, ['ü', 'Ü']],
  [0x30, ['+', '*', '~']],
  [0x31, ['#', "'"]],
  [0x32, ['#', "'"]],
  [0x33, ['ö', 'Ö']],
  [0x34, ['ä', 'Ä']],
  [0x35, ['^', '°']],
  [0x36, [',', ';']],
  [0x37, ['.', ':']],
  [0x38, ['-', '_']],
  [0x63, [',', ',']],
  [0x64, ['<', '>', '|']],
  ...COMMON,
];

export const KEYBOARD_LAYOUTS: Readonly<Record<LayoutId, KeyboardLayout>> = {
  US: { id: 'US', name: 'English (US)', keys: new Map(US_KEYS) },
  DE: { id: 'DE', name: 'German (DE)', keys: new Map(DE_KEYS) },
};

export interface KeyStroke {
  usage: number;
  shift: boolean;
  altGr: boolean;
}

/** How to type `char` on `layout` (first matching key, unshifted before shifted before AltGr). */
export function strokeFor(layout: KeyboardLayout, char: string): KeyStroke | undefined {
  for (const level of [0, 1, 2] as const) {
    for (const [usage, chars] of layout.keys) {
      if (chars[level] === char) return { usage, shift: level === 1, altGr: level === 2 };
    }
  }
  return undefined;
}

/** The character a stroke types on `layout`, or undefined when that key types nothing there. */
export function charFor(layout: KeyboardLayout, stroke: KeyStroke): string | undefined {
  const chars = layout.keys.get(stroke.usage);
  if (!chars) return undefined;
  return stroke.altGr ? chars[2] : stroke.shift ? chars[1] : chars[0];
}
