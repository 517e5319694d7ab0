// Distinct tones for saved, warning and error: the operator's eyes are on the reel, so each
// outcome is heard without looking at the screen. Web Audio oscillators: no sound files to ship or load.

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

/**
 * Every tone played is also announced as this DOM event on `window` (detail: SoundPlayed), so a
 * screen can show it and a test can hear it without an audio device. The sound itself is the same.
 */
export const SOUND_EVENT = 'station:sound';

export interface SoundPlayed {
  tone: Tone;
  /** The notes scheduled, in order (what makes the tones distinct). */
  notes: { frequency: number; duration: number; type: OscillatorType }[];
  /** The audio context's state after scheduling; `unavailable` when this page has no Web Audio. */
  audio: AudioContextState | 'unavailable';
}

let context: AudioContext | undefined;

export function playTone(tone: Tone, volume = 0.2): void {
  const notes = TONES[tone];
  if (typeof AudioContext === 'undefined') return announce(tone, 'unavailable');
  context ??= new AudioContext();
  // A context made before the page had a user gesture starts suspended (the browser's autoplay
  // policy) and stays silent until resumed: resume it on every tone, which works once the
  // operator has pressed a key or clicked (the Electron window needs no gesture).
  if (context.state === 'suspended') void context.resume().catch(() => undefined);
  const now = context.currentTime;
  for (const note of notes) {
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
  announce(tone, context.state);
}

function announce(tone: Tone, audio: SoundPlayed['audio']): void {
  if (typeof window === 'undefined') return;
  const detail: SoundPlayed = { tone, notes: TONES[tone].map(({ frequency, duration, type }) => ({ frequency, duration, type })), audio };
  window.dispatchEvent(new CustomEvent<SoundPlayed>(SOUND_EVENT, { detail }));
}

/** Calls `listener` for every tone played from now on; returns the unsubscribe. */
export function onSound(listener: (played: SoundPlayed) => void): () => void {
  const handler = (event: Event) => listener((event as CustomEvent<SoundPlayed>).detail);
  window.addEventListener(SOUND_EVENT, handler);
  return () => window.removeEventListener(SOUND_EVENT, handler);
}
