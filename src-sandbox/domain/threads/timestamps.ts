/**
 * The next updatedAt of a record: now, but always strictly later than the previous value, so two writes in
 * the same millisecond still differ and a stale expectedUpdatedAt is always detected (spec: Threads —
 * "stale expectedUpdatedAt gives 409 THREAD_DATA_CONFLICT").
 */
export function nextUpdatedAt(previous: string, now: Date): string {
  const prev = Date.parse(previous);
  const next = Number.isNaN(prev) ? now.getTime() : Math.max(now.getTime(), prev + 1);
  return new Date(next).toISOString();
}

/** Whether expectedUpdatedAt names the same instant as the stored updatedAt (offsets may differ). */
export function sameInstant(a: string, b: string): boolean {
  const x = Date.parse(a);
  const y = Date.parse(b);
  return !Number.isNaN(x) && x === y;
}
