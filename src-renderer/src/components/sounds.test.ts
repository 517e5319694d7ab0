import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The tones are played through Web Audio and announced as a DOM event; here a recording
// AudioContext stands in for the audio device (Node has none) and an EventTarget for window.

interface Scheduled {
  type: string;
  frequency: number;
  start: number;
  stop: number;
}

let scheduled: Scheduled[];
let resumed: number;
let initialState: AudioContextState;

class RecordingContext {
  state: AudioContextState = initialState;
  currentTime = 10;
  destination = {};
  resume() {
    resumed += 1;
    this.state = 'running';
    return Promise.resolve();
  }
  createGain() {
    return { gain: { setValueAtTime: () => undefined, exponentialRampToValueAtTime: () => undefined }, connect: (to: unknown) => to };
  }
  createOscillator() {
    const note: Scheduled = { type: '', frequency: 0, start: -1, stop: -1 };
    scheduled.push(note);
    return {
      set type(value: string) {
        note.type = value;
      },
      frequency: {
        set value(v: number) {
          note.frequency = v;
        },
      },
      connect: (to: unknown) => to,
      start: (at: number) => (note.start = at),
      stop: (at: number) => (note.stop = at),
    };
  }
}

async function freshSounds() {
  vi.resetModules();
  return import('./sounds');
}

beforeEach(() => {
  scheduled = [];
  resumed = 0;
  initialState = 'running';
  vi.stubGlobal('AudioContext', RecordingContext);
  vi.stubGlobal('window', new EventTarget());
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('bench sounds', () => {
  it('plays three distinct tones and announces each one it played', async () => {
    const { playTone, onSound } = await freshSounds();
    const heard: { tone: string; frequencies: number[]; audio: string }[] = [];
    const off = onSound((p) => heard.push({ tone: p.tone, frequencies: p.notes.map((n) => n.frequency), audio: p.audio }));
    playTone('saved');
    const saved = scheduled.splice(0);
    playTone('warning');
    const warning = scheduled.splice(0);
    playTone('error');
    const error = scheduled.splice(0);
    off();
    playTone('saved');

    expect(heard.map((h) => h.tone)).toEqual(['saved', 'warning', 'error']);
    expect(heard.every((h) => h.audio === 'running')).toBe(true);
    // What was scheduled is what was announced, and no two tones sound alike.
    expect(saved.map((n) => n.frequency)).toEqual(heard[0]?.frequencies);
    expect(warning.map((n) => n.frequency)).toEqual(heard[1]?.frequencies);
    expect(error.map((n) => n.frequency)).toEqual(heard[2]?.frequencies);
    const signature = (notes: Scheduled[]) => notes.map((n) => `${n.type}@${n.frequency}:${(n.stop - n.start).toFixed(2)}`).join(' ');
    expect(new Set([signature(saved), signature(warning), signature(error)]).size).toBe(3);
    // Saved rises, warning stays level, error is one low buzz.
    expect((saved[1] as Scheduled).frequency).toBeGreaterThan((saved[0] as Scheduled).frequency);
    expect((warning[1] as Scheduled).frequency).toBe((warning[0] as Scheduled).frequency);
    expect(error).toHaveLength(1);
    expect((error[0] as Scheduled).frequency).toBeLessThan(Math.min(...saved.map((n) => n.frequency), ...warning.map((n) => n.frequency)));
    for (const n of [...saved, ...warning, ...error]) expect(n.start).toBeGreaterThanOrEqual(10);
  });

  it('resumes a context the autoplay policy left suspended', async () => {
    initialState = 'suspended';
    const { playTone } = await freshSounds();
    playTone('warning');
    expect(resumed).toBe(1);
    expect(scheduled).toHaveLength(2);
  });

  it('announces a tone as unavailable where there is no Web Audio', async () => {
    vi.stubGlobal('AudioContext', undefined);
    const { playTone, onSound } = await freshSounds();
    const heard: string[] = [];
    onSound((p) => heard.push(`${p.tone}:${p.audio}`));
    playTone('error');
    expect(heard).toEqual(['error:unavailable']);
    expect(scheduled).toHaveLength(0);
  });
});
