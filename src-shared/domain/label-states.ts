// A Label's states as plain values (label.ts declares their zod schema and re-exports them): the renderer's first
// screens use them without loading a schema (docs/architecture.md, "Renderer").

/** Where a Label stands on this station. `gap` = a skipped or voided position. */
export const LABEL_STATES = ['expected', 'queued', 'enrolled', 'attention', 'bound', 'archived', 'gap'] as const;
