import { describe, it, expect } from 'vitest';
import { FEATURE_FLAG_NAMES, HealthResponseSchema, MeResponseSchema, TeamsListQuerySchema, TeamsListResponseSchema } from './discovery';
import { IDS } from './examples';

// The 24 flags as the spec lists them (Resources, Principal (me) and context).
const SPEC_FLAGS =
  `is_assemblies_module_enabled, is_assembly_import_enabled, is_categories_module_enabled, is_certificates_module_enabled, is_developer_tooling_enabled, is_document_validation_enabled, is_svcgo_scan_context_enabled, is_fabric_alt_views_enabled, is_fusion_module_enabled, is_group_connections_enabled, is_identifiable_svc_enabled, is_organization_management_enabled, is_public_pages_module_enabled, is_qualification_module_enabled, is_scand_enabled, is_sharing_enabled, is_show_uncategorized_threads_enabled, is_slicing_module_enabled, is_support_chat_enabled, is_tamper_module_enabled, is_transfers_module_enabled, is_verify_only_enabled, is_vlinks_module_enabled, is_workflows_quick_create_enabled`.split(
    ', ',
  );

function me(): Record<string, unknown> {
  const flags = Object.fromEntries(SPEC_FLAGS.map((f, i) => [f, i % 2 === 0]));
  return {
    userId: 'user_1',
    sessionId: 'sess_1',
    email: 'bench@example.org',
    name: 'Bench Station',
    activeOrganizationId: IDS.org,
    organizations: [{ id: IDS.org, name: 'Print Shop', slug: 'print-shop', roles: ['admin'] }],
    ...flags,
  };
}

describe('me (spec: Principal (me) and context)', () => {
  it('lists exactly the spec flags', () => {
    expect([...FEATURE_FLAG_NAMES]).toEqual(SPEC_FLAGS);
    expect(SPEC_FLAGS).toHaveLength(24);
  });

  it('parses a principal with every flag, and keeps the flag values', () => {
    const r = MeResponseSchema.parse(me());
    expect(r.is_tamper_module_enabled).toBe(false);
    expect(r.is_assemblies_module_enabled).toBe(true);
    expect(r.organizations[0]?.slug).toBe('print-shop');
  });

  it.each(SPEC_FLAGS)('rejects a me response missing %s', (flag) => {
    const body = me();
    delete body[flag];
    expect(MeResponseSchema.safeParse(body).success).toBe(false);
  });

  it('rejects a non-boolean flag', () => {
    expect(MeResponseSchema.safeParse({ ...me(), is_sharing_enabled: 'true' }).success).toBe(false);
  });

  it('accepts optional names absent, null org and unknown fields', () => {
    const body = me();
    delete body.name;
    const r = MeResponseSchema.parse({ ...body, activeOrganizationId: null, is_future_flag_enabled: true });
    expect(r.activeOrganizationId).toBeNull();
    expect('is_future_flag_enabled' in r).toBe(false);
  });

  it('requires activeOrganizationId to be present (X|null)', () => {
    const body = me();
    delete body.activeOrganizationId;
    expect(MeResponseSchema.safeParse(body).success).toBe(false);
  });
});

describe('health', () => {
  it('parses ok and error shapes, rejects other statuses', () => {
    expect(HealthResponseSchema.parse({ status: 'ok', timestamp: '2026-08-01T10:00:00Z' }).status).toBe('ok');
    expect(HealthResponseSchema.parse({ status: 'error', timestamp: '2026-08-01T10:00:00Z', db: 'down' }).status).toBe('error');
    expect(HealthResponseSchema.safeParse({ status: 'degraded', timestamp: 'x' }).success).toBe(false);
    expect(HealthResponseSchema.safeParse({ status: 'ok' }).success).toBe(false);
  });
});

describe('teams', () => {
  it('parses {teams, total} and coerces the pageSize query', () => {
    const r = TeamsListResponseSchema.parse({
      teams: [{ teamId: IDS.team, orgId: IDS.org, name: 'Bench', memberCount: 3 }],
      total: 1,
    });
    expect(r.teams[0]).toEqual({ teamId: IDS.team, orgId: IDS.org, name: 'Bench' });
    expect(TeamsListQuerySchema.parse({ pageSize: '50' }).pageSize).toBe(50);
    expect(TeamsListQuerySchema.safeParse({ pageSize: '0' }).success).toBe(false);
    expect(TeamsListResponseSchema.safeParse({ teams: [] }).success).toBe(false);
  });
});
