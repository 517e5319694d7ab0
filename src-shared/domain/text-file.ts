// How the station reads a text file a shop gives it (print data, Threads for a bulk-bind; docs/print-run.md,
// "Files as shops save them"): the encodings and separators it knows, and what it says about a file it read.

/** The encodings a file may be read as. A byte order mark decides UTF-8 or UTF-16; without one, UTF-8 if the bytes are UTF-8, else Windows-1252. */
export const TEXT_ENCODINGS = ['utf-8', 'utf-16le', 'utf-16be', 'windows-1252'] as const;
export type TextEncoding = (typeof TEXT_ENCODINGS)[number];

/** The field separators of a CSV: comma, semicolon (German Excel), tab (Excel's "Unicode text"). */
export const SEPARATORS = [',', ';', '\t'] as const;
export type Separator = (typeof SEPARATORS)[number];

/** The names the CLI takes for a separator (`--separator comma|semicolon|tab`). */
export const SEPARATOR_NAMES = { comma: ',', semicolon: ';', tab: '\t' } as const satisfies Record<string, Separator>;

/** How a file was read: its encoding (null for text typed or pasted) and separator, and whether each was a guess. */
export interface FileReading {
  encoding: TextEncoding | null;
  /** The file began with a byte order mark (which decides its encoding). */
  bom: boolean;
  /** False when the encoding was guessed (no BOM, not UTF-8): the user may choose another. */
  encodingCertain: boolean;
  separator: Separator;
  /** False when more than one separator splits the first lines alike, or none does. */
  separatorCertain: boolean;
}

/** The replacement character a decoder puts where bytes were not a character: never stored. */
export const REPLACEMENT_CHARACTER = '\uFFFD';
