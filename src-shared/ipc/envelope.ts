import { z } from 'zod';

/**
 * Errors that cross a process boundary. Callers branch on `code`, never on the
 * message. Errors that came from the service keep the service's `code`, HTTP
 * `status` and `requestId` (x-request-id) so the operator can quote them.
 */
export const StationErrorShape = z.object({
  code: z.string().min(1),
  message: z.string(),
  status: z.number().int().optional(),
  requestId: z.string().optional(),
  detail: z.record(z.string(), z.unknown()).optional(),
});
export type StationErrorShape = z.infer<typeof StationErrorShape>;

export { StationError, StationErrorCode } from './station-error';

/** The one reply shape of every command on every transport. */
export const Envelope = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), value: z.unknown() }),
  z.object({ ok: z.literal(false), error: StationErrorShape }),
]);
export type Envelope = z.infer<typeof Envelope>;
