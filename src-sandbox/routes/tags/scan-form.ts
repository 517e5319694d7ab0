// Reading a scan request. spec: Scanning and identifiers — "Scan endpoints take multipart/form-data;
// structured parts (options, tags, searchTeamIds) are JSON strings. data depends on tagType: SVC = image file
// or base64 image data URL". A JSON body with the same fields (data URL for images) is accepted too.
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { SvcError } from '../../http/svc-error';
import { imageFromDataUrl } from '../../optical';

export interface ScanForm {
  /** Text parts (or JSON body fields), as sent. */
  fields: Record<string, unknown>;
  /** The image of an SVC scan: the `data` file part, or the decoded data URL. */
  image: Buffer | null;
}

export async function readScanForm(request: FastifyRequest): Promise<ScanForm> {
  const fields: Record<string, unknown> = {};
  let image: Buffer | null = null;
  if (request.isMultipart()) {
    // Every part is read to the end before a refusal is thrown, so the connection is left clean.
    let refusal: SvcError | null = null;
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.fieldname !== 'data') refusal ??= new SvcError('INVALID_REQUEST', { reason: 'unexpected_file_part', part: part.fieldname });
        else if (image !== null) refusal ??= new SvcError('INVALID_REQUEST', { reason: 'repeated_part', part: 'data' });
        else image = bytes;
      } else if (part.fieldname in fields) {
        refusal ??= new SvcError('INVALID_REQUEST', { reason: 'repeated_part', part: part.fieldname });
      } else {
        fields[part.fieldname] = part.value;
      }
    }
    if (refusal) throw refusal;
  } else if (request.body && typeof request.body === 'object') {
    Object.assign(fields, request.body as Record<string, unknown>);
  }
  return { fields, image };
}

/** Validates the text parts with a src-shared schema; 400 INVALID_REQUEST with the issues otherwise. */
export function parseFields<T extends z.ZodType>(schema: T, fields: Record<string, unknown>): z.infer<T> {
  const parsed = schema.safeParse(fields);
  if (!parsed.success) {
    throw new SvcError('INVALID_REQUEST', {
      reason: 'validation',
      issues: parsed.error.issues.map((i) => ({ path: ['body', ...i.path.map((p) => (typeof p === 'number' ? p : String(p)))], message: i.message })),
    });
  }
  return parsed.data;
}

/**
 * The image of an SVC scan: the file part, else a data URL in `data`. Missing → 400 INVALID_REQUEST;
 * text that is not a data URL → 400 INVALID_DATA (parsed but unusable, nothing stored).
 */
export function requireImage(form: ScanForm, data: string | undefined): Buffer {
  if (form.image) {
    if (data !== undefined) throw new SvcError('INVALID_REQUEST', { reason: 'data_twice', part: 'data' });
    return form.image;
  }
  if (data === undefined) throw new SvcError('INVALID_REQUEST', { reason: 'image_required', part: 'data' });
  const decoded = imageFromDataUrl(data);
  if (!decoded) throw new SvcError('INVALID_DATA', { reason: 'undecodable_image', part: 'data' });
  return decoded;
}

/** The decoded value of a string-type scan: text in `data`, never a file. */
export function requireValue(form: ScanForm, data: string | undefined): string {
  if (form.image) throw new SvcError('INVALID_REQUEST', { reason: 'value_expected', part: 'data' });
  if (data === undefined || data.length === 0) throw new SvcError('INVALID_REQUEST', { reason: 'value_required', part: 'data' });
  return data;
}
