// Reading an enrollment or add-member request: multipart/form-data (spec: "Scan endpoints take
// multipart/form-data; structured parts ... are JSON strings"), or the same fields as a JSON object.
import type { FastifyRequest } from 'fastify';
import { imageFromDataUrl } from '../../optical';
import { labelError } from './errors';

export interface LabelRequestParts {
  /** Text fields by name (JSON parts still as text; the shared schemas decode them). */
  fields: Record<string, unknown>;
  /** The `data` image, if one was sent (file part or base64 data URL). */
  image: Buffer | null;
}

/** spec: enrollment — "at most one `data` image". */
function oneImage(images: Buffer[]): Buffer | null {
  if (images.length > 1) throw labelError('INVALID_REQUEST', { reason: 'too_many_images', count: images.length });
  return images[0] ?? null;
}

function imageFromText(value: unknown, images: Buffer[]): void {
  if (typeof value !== 'string') return;
  const bytes = imageFromDataUrl(value);
  if (!bytes) {
    throw labelError('INVALID_REQUEST', { reason: 'multipart_field', issues: [{ path: ['data'], message: 'data must be a PNG or JPEG file or data URL' }] });
  }
  images.push(bytes);
}

export async function readLabelRequest(request: FastifyRequest): Promise<LabelRequestParts> {
  const images: Buffer[] = [];
  const fields: Record<string, unknown> = {};
  if (request.isMultipart()) {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.fieldname !== 'data') {
          throw labelError('INVALID_REQUEST', { reason: 'multipart_field', issues: [{ path: [part.fieldname], message: 'the only file part is `data`' }] });
        }
        images.push(bytes);
      } else if (part.fieldname === 'data') {
        imageFromText(part.value, images);
      } else {
        fields[part.fieldname] = part.value;
      }
    }
    return { fields, image: oneImage(images) };
  }
  const body = (request.body ?? {}) as Record<string, unknown>;
  for (const [name, value] of Object.entries(body)) {
    if (name === 'data') imageFromText(value, images);
    else fields[name] = value;
  }
  return { fields, image: oneImage(images) };
}
