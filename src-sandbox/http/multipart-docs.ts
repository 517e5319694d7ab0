import type { z } from 'zod';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

// Multipart routes read their form themselves (a file part streams; the fields are parsed with
// the src-shared/api schemas), so Fastify validates no body for them. The OpenAPI document still
// names their fields: a route puts its fields schema in `config.multipartFields`, and this
// transform documents it as the request body for every content type the route `consumes`.

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The form fields of a multipart route (documented as its request body; parsed by the handler). */
    multipartFields?: z.ZodType;
  }
}

type TransformArgs = Parameters<typeof jsonSchemaTransform>[0];

export function documentMultipart(args: TransformArgs): ReturnType<typeof jsonSchemaTransform> {
  const fields = (args.route.config as { multipartFields?: z.ZodType } | undefined)?.multipartFields;
  if (!fields || args.schema.body) return jsonSchemaTransform(args);
  return jsonSchemaTransform({ ...args, schema: { ...args.schema, body: fields } });
}
