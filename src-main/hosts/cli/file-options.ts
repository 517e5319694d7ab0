import { SEPARATOR_NAMES, TEXT_ENCODINGS, type Separator, type TextEncoding } from '../../../src-shared/domain/text-file';
import { UsageError } from './context';

// How to read a file the CLI names, where the station's guess is not right (docs/print-run.md, "Files as shops save
// them"): `--encoding utf-8|utf-16le|utf-16be|windows-1252`, `--separator comma|semicolon|tab`.

export const FILE_OPTIONS = { encoding: { type: 'string' }, separator: { type: 'string' } } as const;
export const FILE_OPTIONS_USAGE = `[--encoding ${TEXT_ENCODINGS.join('|')}] [--separator ${Object.keys(SEPARATOR_NAMES).join('|')}]`;

export function fileReadingOptions(values: { encoding?: string | undefined; separator?: string | undefined }): {
  encoding?: TextEncoding;
  separator?: Separator;
} {
  const encoding = values.encoding?.toLowerCase();
  if (encoding !== undefined && !(TEXT_ENCODINGS as readonly string[]).includes(encoding))
    throw new UsageError(`--encoding is one of ${TEXT_ENCODINGS.join(', ')}.`);
  const separator = values.separator?.toLowerCase();
  if (separator !== undefined && !Object.hasOwn(SEPARATOR_NAMES, separator))
    throw new UsageError(`--separator is one of ${Object.keys(SEPARATOR_NAMES).join(', ')}.`);
  return {
    ...(encoding ? { encoding: encoding as TextEncoding } : {}),
    ...(separator ? { separator: SEPARATOR_NAMES[separator as keyof typeof SEPARATOR_NAMES] } : {}),
  };
}
