import type { SvcContext } from './context';
import { SvcError } from './svc-error';
import type { TeamRole } from '../store/rows';

// spec: Labels and Reels, Authority — "reading and activating Labels requires Team membership. Creating
// Reels, enrolling, moving and archiving require a signed-in Team or Organization administrator, or an
// organization-scoped Service Account that is a member of the selected Team (it cannot borrow
// Organization-admin authority). Move needs a Team or Organization administrator".
// spec: Authentication 5 — "an organization-level credential with no Team can read /api/v1/me but
// creating gives 403 FORBIDDEN".
// Every principal of the sandbox is a Service Account, so Org-admin never stands in for membership.

/** The caller's role in the selected Team, or null. */
export function roleInTeam(svc: SvcContext): TeamRole | null {
  return svc.principal.memberships.get(svc.teamId) ?? null;
}

/** Reading in the selected Team: membership. 403 FORBIDDEN otherwise. */
export function requireMember(svc: SvcContext): TeamRole {
  const role = roleInTeam(svc);
  if (!role) throw new SvcError('FORBIDDEN', { reason: 'not_team_member', teamId: svc.teamId }, { message: 'not_team_member' });
  return role;
}

/** Creating and changing in the selected Team: a Service Account member of that Team (either role). */
export function requireWriter(svc: SvcContext): TeamRole {
  return requireMember(svc);
}

/** Team-administrator actions (Label move): the Service Account holds role `admin` in the selected Team. */
export function requireTeamAdmin(svc: SvcContext): void {
  if (requireMember(svc) !== 'admin') {
    throw new SvcError('FORBIDDEN', { reason: 'not_team_admin', teamId: svc.teamId }, { message: 'not_team_admin' });
  }
}

/** Who to record as the actor of a write: the declared person when given, else the Service Account. */
export function actorOf(svc: SvcContext): { actorId: string; declaredActor: string | null } {
  return { actorId: svc.principal.serviceAccountId, declaredActor: svc.declaredActor };
}
