import type { LabelView, ReelProblem } from '../ipc/reels';

// A Reel's Labels as a screen holds them, brought up to date by what changed since (docs/sync.md, "Only what changed reaches a screen"): the
// answer of `reels.showChanged` with `since`, applied on the renderer's side; no zod here, so the page loads none.

/** The Reel's problems, from its Labels' checks, in the Labels' order (the same on both sides of reels.show). */
export function reelProblems(labels: readonly LabelView[]): ReelProblem[] {
  const problems: ReelProblem[] = [];
  for (const label of labels)
    if (label.printCheck === 'mismatch')
      problems.push({ kind: 'printMismatch', position: label.position, labelId: label.labelId, origin: label.origin, findings: label.printFindings });
  return problems;
}

/**
 * The Labels held (by position) with those changed or come onto the Reel (`changed`, by position) put in their place
 * and those that left (`gone`, ids) taken out, by position. The very array held when nothing changed.
 */
export function withLabelChanges(held: LabelView[], changed: readonly LabelView[], gone: readonly string[]): LabelView[] {
  if (changed.length === 0 && gone.length === 0) return held;
  const out = new Set(gone);
  for (const label of changed) out.add(label.labelId);
  const labels: LabelView[] = [];
  let next = 0;
  for (const label of held) {
    if (out.has(label.labelId)) continue;
    while (next < changed.length && (changed[next] as LabelView).position < label.position) labels.push(changed[next++] as LabelView);
    labels.push(label);
  }
  while (next < changed.length) labels.push(changed[next++] as LabelView);
  return labels;
}
