import { z } from 'zod';
import { TextPositiveIntSchema, UuidSchema } from './common';

// --- Health --------------------------------------------------------------------------------------
// spec: Resources, Principal (me) and context — "Health: `{status: ok|error, timestamp: string}` (ok and
// error are separate response shapes)". Path: see paths.ts (gap).
export const HealthOkSchema = z.object({ status: z.literal('ok'), timestamp: z.string() });
export const HealthErrorSchema = z.object({ status: z.literal('error'), timestamp: z.string() });
export const HealthResponseSchema = z.discriminatedUnion('status', [HealthOkSchema, HealthErrorSchema]);
export type HealthResponse = z.infer<typeof HealthResponseSchema>;

// --- Me: principal and feature flags -------------------------------------------------------------
// spec: Resources, Principal (me) and context — "Feature flags (booleans, all required)".
// The brand word stays `svc` exactly as the spec writes it (is_svcgo_scan_context_enabled, is_identifiable_svc_enabled).
export const FEATURE_FLAG_NAMES = [
  'is_assemblies_module_enabled',
  'is_assembly_import_enabled',
  'is_categories_module_enabled',
  'is_certificates_module_enabled',
  'is_developer_tooling_enabled',
  'is_document_validation_enabled',
  'is_svcgo_scan_context_enabled',
  'is_fabric_alt_views_enabled',
  'is_fusion_module_enabled',
  'is_group_connections_enabled',
  'is_identifiable_svc_enabled',
  'is_organization_management_enabled',
  'is_public_pages_module_enabled',
  'is_qualification_module_enabled',
  'is_scand_enabled',
  'is_sharing_enabled',
  'is_show_uncategorized_threads_enabled',
  'is_slicing_module_enabled',
  'is_support_chat_enabled',
  'is_tamper_module_enabled',
  'is_transfers_module_enabled',
  'is_verify_only_enabled',
  'is_vlinks_module_enabled',
  'is_workflows_quick_create_enabled',
] as const;
export type FeatureFlagName = (typeof FEATURE_FLAG_NAMES)[number];

export const FeatureFlagsSchema = z.object(Object.fromEntries(FEATURE_FLAG_NAMES.map((n) => [n, z.boolean()])) as Record<FeatureFlagName, z.ZodBoolean>);
export type FeatureFlags = z.infer<typeof FeatureFlagsSchema>;

const OrganizationMembershipSchema = z.object({
  id: UuidSchema,
  name: z.string(),
  slug: z.string(),
  roles: z.array(z.string()),
});

const PrincipalSchema = z.object({
  userId: z.string().min(1),
  sessionId: z.string(),
  email: z.string(),
  name: z.string().optional(),
  givenName: z.string().optional(),
  familyName: z.string().optional(),
  activeOrganizationId: UuidSchema.nullable(),
  organizations: z.array(OrganizationMembershipSchema),
});

// `GET /api/v1/me` — spec: Session and discovery.
// gap: spec does not show this; our choice — the feature flags sit at the top level of the me response,
// next to the principal fields (not nested).
export const MeResponseSchema = PrincipalSchema.extend(FeatureFlagsSchema.shape);
export type MeResponse = z.infer<typeof MeResponseSchema>;

// --- Teams ---------------------------------------------------------------------------------------
// spec: Resources, Principal (me) and context — "Team: teamId, orgId, name".
// gap: spec does not show Team fields beyond those named; extra fields are tolerated (stripped).
const TeamSchema = z.object({
  teamId: UuidSchema,
  orgId: UuidSchema,
  name: z.string(),
});

// spec: Session and discovery — `GET /api/v1/teams` query `pageSize`; returns `{teams: Team[], total}`.
export const TeamsListQuerySchema = z.object({ pageSize: TextPositiveIntSchema.optional() });
export const TeamsListResponseSchema = z.object({
  teams: z.array(TeamSchema),
  total: z.number().int().nonnegative(),
});
