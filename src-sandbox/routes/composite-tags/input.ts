// Checks shared by enrollment and add-member.
import type { z } from 'zod';
import type { NewMember } from '../../domain/labels';
import type { SandboxStore } from '../../store';

import { labelError } from './errors';

export function fieldIssues(error: z.ZodError): { path: (string | number)[]; message: string }[] {
  return error.issues.map((i) => ({ path: i.path.map((p) => (typeof p === 'number' ? p : String(p))), message: i.message }));
}

/** spec: enrollment — SVC by `fingerprintId`: it must name a stored fingerprint (from extract or a scan). */
export function checkFingerprints(store: SandboxStore, identifiers: readonly NewMember[]): void {
  for (const m of identifiers) {
    if (m.tagType === 'SVC' && !store.optical.getFingerprint(m.fingerprintId)) {
      throw labelError('INVALID_DATA', { reason: 'unknown_fingerprint', fingerprintId: m.fingerprintId });
    }
  }
}
