// Which Teams an identify searches. spec: Scanning and identifiers, Identify scope — "with searchTeamIds
// omitted, exactly one Team is searched (the one in Svc-Ctx-Team-Id, default root Team). Same-organization
// Teams the caller belongs to are always in scope; a partner organization's Team only through an active
// Connection that lets its data flow to the caller; other ids are silently dropped."
// The sandbox has no Connections, so partner Teams are always dropped.

export interface ScopeInput {
  /** The parsed searchTeamIds, or undefined when the part was omitted. */
  requested: readonly string[] | undefined;
  contextTeamId: string;
  /** Teams of the context organization the caller is a member of. */
  callerTeamIds: ReadonlySet<string>;
}

/** The Teams to search, in request order, without repeats. Pure. */
export function identifyScope(input: ScopeInput): string[] {
  if (input.requested === undefined) return [input.contextTeamId];
  const scope: string[] = [];
  for (const teamId of input.requested) {
    const id = teamId.toLowerCase();
    if (input.callerTeamIds.has(id) && !scope.includes(id)) scope.push(id);
  }
  return scope;
}
