import { describe, expect, it } from 'vitest';
import { routeWedgeScan, takeWedgeScans } from './use-wedge';

describe('wedge scan routing', () => {
  it('submits scans to the supervisor unless a setup check takes them', () => {
    const submitted: string[] = [];
    const submit = (text: string) => submitted.push(text);
    routeWedgeScan('A-1', submit);
    const taken: string[] = [];
    const release = takeWedgeScans((text) => taken.push(text));
    routeWedgeScan('Yz-_/@#;:()[]=?', submit);
    release();
    release();
    routeWedgeScan('A-2', submit);
    expect(submitted).toEqual(['A-1', 'A-2']);
    expect(taken).toEqual(['Yz-_/@#;:()[]=?']);
  });

  it('gives a scan to the latest taker only, the earlier one gets it back after release', () => {
    const first: string[] = [];
    const second: string[] = [];
    const releaseFirst = takeWedgeScans((text) => first.push(text));
    const releaseSecond = takeWedgeScans((text) => second.push(text));
    routeWedgeScan('X', () => undefined);
    releaseSecond();
    routeWedgeScan('Y', () => undefined);
    releaseFirst();
    expect(first).toEqual(['Y']);
    expect(second).toEqual(['X']);
  });
});
