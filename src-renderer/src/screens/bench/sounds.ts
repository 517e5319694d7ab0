// Distinct tones for saved, warning and error (BENCH.md: "Operators need feedback they can
// hear"). Web Audio oscillators: no sound files to ship or load.

export type Tone = 'saved' | 'warning' | 'error';

interface Note {
  frequency: number;
  start: number;
  duration: number;
  type: OscillatorType;
}

/** Saved: two rising beeps. Warning: two level mid beeps. Error: one long low buzz. */
export const TONES: Record<Tone, Note[]> = {
  saved: [
    { frequency: 880, start: 0, duration: 0.08, type: 'sine' },
    { frequency: 1320, start: 0.1, duration: 0.1, type: 'sine' },
  ],
  warning: [
    { frequency: 520, start: 0, duration: 0.12, type: 'triangle' },
    { frequency: 520, start: 0.18, duration: 0.12, type: 'triangle' },
  ],
  error: [{ frequency: 180, start: 0, duration: 0.5, type: 'square' }],
};

let context: AudioContext | undefined;

export function playTone(tone: Tone, volume = 0.2): void {
  if (typeof AudioContext === 'undefined') return;
  context ??= new AudioContext();
  const now = context.currentTime;
  for (const note of TONES[tone]) {
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.type = note.type;
    oscillator.frequency.value = note.frequency;
    gain.gain.setValueAtTime(volume, now + note.start);
    gain.gain.exponentialRampToValueAtTime(0.001, now + note.start + note.duration);
    oscillator.connect(gain).connect(context.destination);
    oscillator.start(now + note.start);
    oscillator.stop(now + note.start + note.duration + 0.02);
  }
}
