// Which of the eight identify outcomes a search result is (spec: Errors, Identify outcomes (eight)). The
// capture-rejected outcome happens before a search and the not-bound one only by tagId, so this covers the
// remaining six for a search by value or capture. Pure.

export interface IdentifyCandidate {
  tagId: string;
  /** The Thread the identifier is bound to (directly or through its Label), or null. */
  threadId: string | null;
  /** The Label the identifier belongs to, when it does and that Label is active. */
  compositeTagId: string | null;
}

export type IdentifyDecision =
  | { outcome: 'identified'; candidate: IdentifyCandidate }
  | { outcome: 'matches'; candidates: IdentifyCandidate[] }
  | { outcome: 'label'; candidate: IdentifyCandidate & { compositeTagId: string } }
  | { outcome: 'ambiguous'; candidates: IdentifyCandidate[] }
  | { outcome: 'search_incomplete' }
  | { outcome: 'no_match' };

export interface IdentifySearch {
  /** Optical (SVC) capture: optical markings are meant to be unique, so several bound ones are ambiguous. */
  optical: boolean;
  /** Candidates found in the searched Teams (nearest first for optical). */
  candidates: readonly IdentifyCandidate[];
  /** Teams in scope whose partition could not be searched. */
  unreachableTeamIds: readonly string[];
}

/**
 * - one bound identifier → identified;
 * - several bound: optical → ambiguous (spec: SCAN_AMBIGUOUS_MATCH "two or more distinct bound optical
 *   identifiers matched in scope"); string types carry no uniqueness (spec: Identifier), so → matches
 *   ("show them, identify again by tagId with tagType ANY");
 * - none bound but one in an unbound Label → label ("offer to bind; not a miss");
 * - nothing: some partition unreachable → search_incomplete ("never show as not found"), else no_match.
 * Our reading: a loose identifier that is on no Thread is not a result of a search by value (the spec's
 * IDENTIFIER_NOT_BOUND is "identify by tagId only"), so it counts as no match.
 */
export function decideIdentify(search: IdentifySearch): IdentifyDecision {
  const seen = new Set<string>();
  const bound: IdentifyCandidate[] = [];
  for (const c of search.candidates) {
    if (c.threadId === null || seen.has(c.tagId)) continue;
    seen.add(c.tagId);
    bound.push(c);
  }
  if (bound.length === 1) return { outcome: 'identified', candidate: bound[0] as IdentifyCandidate };
  if (bound.length > 1) return search.optical ? { outcome: 'ambiguous', candidates: bound } : { outcome: 'matches', candidates: bound };
  const inLabel = search.candidates.find((c): c is IdentifyCandidate & { compositeTagId: string } => c.compositeTagId !== null);
  if (inLabel) return { outcome: 'label', candidate: inLabel };
  return search.unreachableTeamIds.length > 0 ? { outcome: 'search_incomplete' } : { outcome: 'no_match' };
}
