import { describe, expect, it } from 'vitest';
import type { BulkBindPreflight } from '../../../../src-shared/ipc/bulk-bind';
import type { BulkBindStatus } from '../../../../src-shared/ipc';
import { activationBar, exportRows, labelTexts, pollInterval, POLL_MS, sameTarget } from './bind-flow';

const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';
const L1 = '00000000-0000-4000-8000-000000000001';
const L2 = '00000000-0000-4000-8000-000000000002';

function status(over: Partial<Omit<BulkBindStatus, 'activation'>> & { activation?: Partial<BulkBindStatus['activation']> } = {}): BulkBindStatus {
  return {
    state: 'done',
    result: null,
    identifiableCount: 0,
    boundCount: 0,
    ...over,
    activation: { requested: true, outcome: 'queued', total: 2, identifiable: 0, finished: false, live: true, ...over.activation },
  };
}

describe('bulk-bind screen rules', () => {
  it('a preflight speaks only for the same Reel, range and Threads in the same order', () => {
    const checked = { reelId: 'r1', fromPosition: 1, toPosition: 2, threadIds: [A, B] };
    const withActivation = { ...checked, activate: true };
    const without = { ...checked, activate: false };
    expect(sameTarget(withActivation, without)).toBe(true);
    expect(sameTarget(checked, { ...checked, threadIds: [B, A] })).toBe(false);
    expect(sameTarget(checked, { ...checked, reelId: 'r2' })).toBe(false);
    expect(sameTarget(checked, { ...checked, fromPosition: 2, toPosition: 3 })).toBe(false);
    expect(sameTarget(checked, undefined)).toBe(false);
  });

  it('asks again every second while the bind is queued and while its range is being activated, not once finished or stalled', () => {
    expect(pollInterval(status(), false)).toBe(POLL_MS);
    expect(pollInterval(status(), true)).toBe(false);
    expect(pollInterval(status({ activation: { identifiable: 2, finished: true } }), false)).toBe(false);
    expect(pollInterval(status({ state: 'pending', activation: { outcome: null, live: false } }), false)).toBe(POLL_MS);
    expect(pollInterval(status({ state: 'sending', activation: { outcome: null, live: false } }), false)).toBe(POLL_MS);
    expect(pollInterval(status({ state: 'attention', activation: { outcome: null, live: false } }), false)).toBe(false);
    expect(pollInterval(status({ state: 'discarded', activation: { outcome: null, live: false } }), false)).toBe(false);
    expect(pollInterval(undefined, false)).toBe(false);
  });

  it('the bar counts the range and is full exactly when every Label with an optical marking is identifiable', () => {
    expect(activationBar(status({ activation: { total: 30, identifiable: 12 } }).activation)).toEqual({ max: 30, value: 12 });
    expect(activationBar(status({ activation: { total: 30, identifiable: 30, finished: true } }).activation)).toEqual({ max: 30, value: 30 });
    expect(activationBar(status({ activation: { outcome: 'no_dust', total: 0, finished: true } }).activation)).toBeNull();
    expect(activationBar(status({ activation: { requested: false, outcome: 'not_requested', total: 0, finished: true } }).activation)).toBeNull();
  });

  it('exports one row per pair: bound with the Label id after the commit, else what the preflight said', () => {
    const pairs = [
      { position: 1, threadId: A },
      { position: 2, threadId: B },
    ];
    const preflight: BulkBindPreflight = {
      outcome: 'preflight',
      rows: [
        { index: 0, position: 1, compositeTagId: L1, labelName: null, textValue: 'T-1', threadId: A, threadName: 'Item A', threadDescription: null },
        { index: 1, position: 2, compositeTagId: L2, labelName: null, textValue: 'T-2', threadId: B, threadName: 'Item B', threadDescription: null },
      ],
      blockers: [{ kind: 'thread_not_owned', index: 1, position: 2, threadId: B }],
      warnings: [{ kind: 'label_incomplete', index: 0, position: 1 }],
      activation: 'queued',
    };
    expect(exportRows(pairs, undefined, undefined).map((r) => r.state)).toEqual(['not_checked', 'not_checked']);
    expect(exportRows(pairs, preflight, undefined)).toEqual([
      { position: 1, threadId: A, threadName: 'Item A', compositeTagId: L1, labelText: 'T-1', issues: 'warning:label_incomplete', state: 'ready' },
      { position: 2, threadId: B, threadName: 'Item B', compositeTagId: L2, labelText: 'T-2', issues: 'blocker:thread_not_owned', state: 'blocked' },
    ]);
    const clean = { ...preflight, blockers: [], warnings: [] };
    expect(exportRows(pairs, clean, status({ state: 'sending' })).map((r) => r.state)).toEqual(['sending', 'sending']);
    const bound = status({
      result: {
        rows: [
          { position: 1, compositeTagId: L1, threadId: A },
          { position: 2, compositeTagId: L2, threadId: B },
        ],
      },
    });
    expect(exportRows(pairs, clean, bound).map((r) => [r.state, r.compositeTagId])).toEqual([
      ['bound', L1],
      ['bound', L2],
    ]);
    // A Label without a printed text shows the station's own first value (its QR).
    const noText = { ...clean, rows: clean.rows.map((r) => ({ ...r, textValue: null })) };
    const local = labelTexts([
      { position: 1, identifiers: [{}, { value: 'QR-1' }] },
      { position: 2, identifiers: [] },
    ]);
    expect(exportRows(pairs, noText, bound, local).map((r) => r.labelText)).toEqual(['QR-1', '']);
  });
});
