import type { FeatureFlags } from '../../../src-shared/api/discovery';

/**
 * The feature flags `/api/v1/me` reports (spec: Principal (me) and context — all required booleans).
 * On: what the sandbox builds (optical identifiers identifiable and verify-only, Labels' scan context,
 * organization and Team management, developer tooling). Off: the modules it does not build.
 */
export const SANDBOX_FEATURE_FLAGS: FeatureFlags = {
  is_assemblies_module_enabled: false,
  is_assembly_import_enabled: false,
  is_categories_module_enabled: false,
  is_certificates_module_enabled: false,
  is_developer_tooling_enabled: true,
  is_document_validation_enabled: false,
  is_svcgo_scan_context_enabled: true,
  is_fabric_alt_views_enabled: false,
  is_fusion_module_enabled: false,
  is_group_connections_enabled: false,
  is_identifiable_svc_enabled: true,
  is_organization_management_enabled: true,
  is_public_pages_module_enabled: false,
  is_qualification_module_enabled: false,
  is_scand_enabled: true,
  is_sharing_enabled: true,
  is_show_uncategorized_threads_enabled: true,
  is_slicing_module_enabled: false,
  is_support_chat_enabled: false,
  is_tamper_module_enabled: false,
  is_transfers_module_enabled: false,
  is_verify_only_enabled: true,
  is_vlinks_module_enabled: false,
  is_workflows_quick_create_enabled: false,
};
