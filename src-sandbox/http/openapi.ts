import { ErrorEnvelopeSchema } from '../../src-shared/api/errors';

/** Error responses every documented route lists (spec: Errors — one envelope for every failure). */
export const ERROR_RESPONSES = { '4XX': ErrorEnvelopeSchema, '5XX': ErrorEnvelopeSchema } as const;
