// The identifiers endpoints, /api/v1/tags. spec: Endpoints, "Scanning and identifiers".
import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ExtractFieldsSchema,
  ExtractResponseSchema,
  IdentifyFieldsSchema,
  BindFieldsSchema,
  VerifyFieldsSchema,
  IdentifySuccessResponseSchema,
  BindResponseSchema,
  TagActivateBodySchema,
  TagActivateResponseSchema,
  TagResponseSchema,
  TagTextBodySchema,
  TagUnbindBodySchema,
  TagUpdateBodySchema,
  VerifyResponseSchema,
} from '../../../src-shared/api/identifiers';
import type { RoutePluginOptions } from '../../deps';
import { activateIdentifiers } from './activate';
import { bindIdentifier } from './bind';
import { setIdentifierText, unbindIdentifier, updateIdentifier } from './edit';
import { extractFingerprint } from './extract';
import { identifyIdentifier } from './identify';
import { readScanForm } from './scan-form';
import { verifyIdentifier } from './verify';

/** Largest accepted capture: a full-resolution camera frame with room to spare. */
const MAX_IMAGE_BYTES = 25 * 1024 * 1024;
/** More file parts than this is refused outright; up to it, a repeated `data` is refused after reading. */
const MAX_FILE_PARTS = 4;

// spec: "Scan endpoints take multipart/form-data"; a JSON body with the same fields is accepted too.
const SCAN_CONSUMES = ['multipart/form-data', 'application/json'];

export const tagsRoutes: FastifyPluginAsyncZod<RoutePluginOptions> = async (app, { deps }) => {
  deps.store.optical.ensureOpticalSchema();
  await app.register(fastifyMultipart, { limits: { fileSize: MAX_IMAGE_BYTES, files: MAX_FILE_PARTS, fields: 16 }, throwFileSizeLimit: true });
  // A refused multipart request may leave body bytes unread (a limit hit mid-stream); closing the connection
  // after the error answer keeps a half-read keep-alive socket from holding the server open.
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode >= 400 && request.isMultipart()) reply.header('connection', 'close');
    return payload;
  });

  app.post(
    '/extract',
    {
      config: { svc: { write: false }, multipartFields: ExtractFieldsSchema },
      schema: { tags: ['identifiers'], consumes: SCAN_CONSUMES, response: { 200: ExtractResponseSchema } },
    },
    async (request) => extractFingerprint(deps, request.svc, await readScanForm(request)),
  );
  app.post(
    '/bind',
    { config: { multipartFields: BindFieldsSchema }, schema: { tags: ['identifiers'], consumes: SCAN_CONSUMES, response: { 200: BindResponseSchema } } },
    async (request) => bindIdentifier(deps, request.svc, await readScanForm(request)),
  );
  app.post(
    '/identify',
    {
      config: { svc: { write: false }, multipartFields: IdentifyFieldsSchema },
      schema: { tags: ['identifiers'], consumes: SCAN_CONSUMES, response: { 200: IdentifySuccessResponseSchema } },
    },
    async (request) => identifyIdentifier(deps, request.svc, await readScanForm(request)),
  );
  app.post(
    '/verify',
    {
      config: { svc: { write: false }, multipartFields: VerifyFieldsSchema },
      schema: { tags: ['identifiers'], consumes: SCAN_CONSUMES, response: { 200: VerifyResponseSchema } },
    },
    async (request) => verifyIdentifier(deps, request.svc, await readScanForm(request)),
  );
  app.post('/unbind', { schema: { tags: ['identifiers'], body: TagUnbindBodySchema, response: { 200: TagResponseSchema } } }, async (request) =>
    unbindIdentifier(deps, request.svc, request.body),
  );
  app.post('/text', { schema: { tags: ['identifiers'], body: TagTextBodySchema, response: { 200: TagResponseSchema } } }, async (request) =>
    setIdentifierText(deps, request.svc, request.body),
  );
  app.post('/update', { schema: { tags: ['identifiers'], body: TagUpdateBodySchema, response: { 200: TagResponseSchema } } }, async (request) =>
    updateIdentifier(deps, request.svc, request.body),
  );
  app.post('/activate', { schema: { tags: ['identifiers'], body: TagActivateBodySchema, response: { 200: TagActivateResponseSchema } } }, async (request) =>
    activateIdentifiers(deps, request.svc, request.body),
  );
};
