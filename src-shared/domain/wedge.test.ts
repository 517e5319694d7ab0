import { describe, expect, it } from 'vitest';
import { EMPTY_WEDGE_STATE, LAYOUT_TEST_TEXT, checkLayout, typedAs, wedgeIdle, wedgeStep, type WedgeKey, type WedgeOutcome, type WedgeOptions } from './wedge';
import { DEFAULT_WEDGE_OPTIONS } from './wedge';

function feed(keys: WedgeKey[], options: WedgeOptions = DEFAULT_WEDGE_OPTIONS): WedgeOutcome[] {
  let state = EMPTY_WEDGE_STATE;
  const outcomes: WedgeOutcome[] = [];
  for (const key of keys) {
    const step = wedgeStep(state, key, options);
    state = step.state;
    if (step.outcome) outcomes.push(step.outcome);
  }
  const idle = wedgeIdle(state, (keys.at(-1)?.t ?? 0) + 1000, options);
  if (idle.outcome) outcomes.push(idle.outcome);
  return outcomes;
}

const typed = (text: string, start: number, gap: number): WedgeKey[] => [...text].map((key, i) => ({ key, t: start + i * gap }));

describe('keyboard-wedge classifier', () => {
  it('takes a fast burst ended by Enter as a scan', () => {
    const keys = [...typed('ABC-123', 0, 8), { key: 'Enter', t: 56 }];
    expect(feed(keys)).toEqual([{ kind: 'scan', text: 'ABC-123', meanGapMs: 8 }]);
  });

  it('takes slow keys as typing even with Enter', () => {
    expect(feed([...typed('abcd', 0, 150), { key: 'Enter', t: 600 }])).toEqual([
      { kind: 'typing', text: 'a' },
      { kind: 'typing', text: 'b' },
      { kind: 'typing', text: 'c' },
      { kind: 'typing', text: 'd' },
    ]);
  });

  it("separates a person's keys from a scan that follows", () => {
    const keys = [...typed('x', 0, 0), ...typed('REEL0042', 500, 5), { key: 'Enter', t: 540 }];
    expect(feed(keys)).toEqual([
      { kind: 'typing', text: 'x' },
      { kind: 'scan', text: 'REEL0042', meanGapMs: 5 },
    ]);
  });

  it('treats a fast burst without terminator or too short as typing', () => {
    expect(feed(typed('ABCDEF', 0, 5))).toEqual([{ kind: 'typing', text: 'ABCDEF' }]);
    expect(feed([...typed('ab', 0, 5), { key: 'Enter', t: 10 }])).toEqual([{ kind: 'typing', text: 'ab' }]);
  });

  it('ignores modifier keys and keeps GS sent as Ctrl+]', () => {
    const keys: WedgeKey[] = [
      { key: '0', t: 0 },
      { key: '1', t: 4 },
      { key: 'Control', t: 6 },
      { key: '+', code: 'BracketRight', ctrlKey: true, t: 8 },
      { key: 'Shift', t: 9 },
      { key: '2', t: 12 },
      { key: '1', t: 16 },
      { key: 'Enter', t: 20 },
    ];
    expect(feed(keys)).toEqual([{ kind: 'scan', text: '01\u001d21', meanGapMs: 4 }]);
  });

  it('replaces a configured GS sequence in scans', () => {
    const keys = [...typed('01{GS}21', 0, 3), { key: 'Enter', t: 24 }];
    expect(feed(keys, { ...DEFAULT_WEDGE_OPTIONS, gsSequence: '{GS}' })).toEqual([{ kind: 'scan', text: '01\u001d21', meanGapMs: 3 }]);
  });
});

describe('layout check with the test barcode', () => {
  it('passes when the text arrives unchanged', () => {
    expect(checkLayout(LAYOUT_TEST_TEXT, LAYOUT_TEST_TEXT)).toEqual({ ok: true });
  });

  it('names a US scanner on a German computer', () => {
    const received = typedAs(LAYOUT_TEST_TEXT, 'US', 'DE') as string;
    expect(received.startsWith('Zy')).toBe(true);
    expect(checkLayout(LAYOUT_TEST_TEXT, received)).toMatchObject({ ok: false, scannerLayout: 'US', hostLayout: 'DE' });
  });

  it('names a German scanner on a US computer', () => {
    const received = typedAs(LAYOUT_TEST_TEXT, 'DE', 'US') as string;
    expect(checkLayout(LAYOUT_TEST_TEXT, received)).toMatchObject({ ok: false, scannerLayout: 'DE', hostLayout: 'US' });
  });

  it('points at the first difference when no layout explains it', () => {
    expect(checkLayout('ABCD', 'ABXD')).toMatchObject({ ok: false, scannerLayout: undefined, firstDifference: 2 });
  });
});
