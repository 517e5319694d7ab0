import { z } from 'zod';
import { UuidSchema } from '../../../src-shared/api/common';
import { FeatureFlagsSchema } from '../../../src-shared/api/discovery';
import { ERROR_CODES } from '../../../src-shared/api/errors';

// Bodies of the sandbox admin API (src-sandbox/README.md, "Admin API and test hooks"). Not part of the spec.

/** Flags that differ from the sandbox defaults (e.g. `is_scand_enabled: false`: no optical scanning for this organization). */
export const AdminFeatureFlagsSchema = FeatureFlagsSchema.partial().strict();
export const AdminOrgBodySchema = z.strictObject({ name: z.string().min(1), featureFlags: AdminFeatureFlagsSchema.optional() });
export const AdminOrgResponseSchema = z.object({ orgId: UuidSchema, rootTeamId: UuidSchema });
export const AdminTeamBodySchema = z.strictObject({ name: z.string().min(1) });
export const AdminTeamResponseSchema = z.object({ teamId: UuidSchema });
export const AdminServiceAccountBodySchema = z.strictObject({
  orgId: UuidSchema,
  name: z.string().min(1),
  teams: z.array(z.strictObject({ teamId: UuidSchema, role: z.enum(['member', 'admin']) })),
  orgAdmin: z.boolean().optional(),
  attributionRequired: z.boolean().optional(),
});
export const AdminServiceAccountResponseSchema = z.object({ serviceAccountId: UuidSchema, apiKey: z.string() });
export const AdminShareBodySchema = z.strictObject({ teamId: UuidSchema });
export const IdParamsSchema = z.object({ id: UuidSchema });
export const OrgParamsSchema = z.object({ orgId: UuidSchema });
export const ThreadParamsSchema = z.object({ threadId: UuidSchema });

/** Test hook: the next `count` requests whose path starts with pathPrefix answer status/code. */
export const AdminFaultBodySchema = z.strictObject({
  pathPrefix: z.string().startsWith('/'),
  status: z.number().int().min(400).max(599),
  code: z.enum(ERROR_CODES).optional(),
  count: z.number().int().positive().max(10_000),
  retryAfter: z.number().int().nonnegative().optional(),
  method: z.enum(['GET', 'POST', 'PATCH', 'PUT', 'DELETE']).optional(),
});
export const AdminFaultResponseSchema = z.object({ faultId: UuidSchema });
