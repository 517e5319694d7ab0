import { z } from 'zod';
import { SEPARATORS, TEXT_ENCODINGS } from '../domain/text-file';

// Files as shops save them (docs/print-run.md, "Files as shops save them"): the renderer sends a chosen file's bytes
// and the station reads them as it reads every file (src-main/runtime/text-file.ts), its encoding and separator found
// or chosen, and answers the text and how it read it.

export const TextEncodingSchema = z.enum(TEXT_ENCODINGS);
export const SeparatorSchema = z.enum(SEPARATORS);

/** How a file was read (src-shared/domain/text-file.ts, FileReading). */
export const FileReadingSchema = z.object({
  encoding: TextEncodingSchema.nullable(),
  bom: z.boolean(),
  encodingCertain: z.boolean(),
  separator: SeparatorSchema,
  separatorCertain: z.boolean(),
});

/** The largest file the renderer sends (base64 of 48 MB): far above a 100,000-row print-data file. */
const MAX_BASE64 = 64 * 1024 * 1024;

export const fileCommands = {
  /** A file's bytes (base64) read as text: the encoding and separator found, or those the user chose. */
  'files.decode': {
    input: z
      .object({
        base64: z.string().max(MAX_BASE64),
        encoding: TextEncodingSchema.optional(),
        separator: SeparatorSchema.optional(),
      })
      .strict(),
    output: z.object({ text: z.string(), reading: FileReadingSchema }),
  },
} as const;
