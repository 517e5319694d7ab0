import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { identifierMapKey } from '../../../../src-shared/domain/identifier-values';
import type { StationStatus } from '../../../../src-shared/ipc';
import type { BenchErrorKind } from '../../../../src-shared/ipc/labels';
import { ErrorNote } from '../../components/ErrorNote';
import { ReelPicker } from '../../components/ReelPicker';
import { station } from '../../station-client';
import {
  acknowledge,
  clearLastSlot,
  filledCapture,
  filledIdentifiers,
  firstPosition,
  isComplete,
  labelsPerMinute,
  nextFreePosition,
  placeCapture,
  placeRead,
  printedPositions,
  rejectPlacedRead,
  startPosition,
  type BenchState,
  type Feedback,
  type IncomingRead,
  type ReelFacts,
} from './bench-session';
import { CameraPanel } from './CameraPanel';
import { FeedbackBanner } from './FeedbackBanner';
import { SlotCard } from './SlotCard';
import { onSound, playTone, type Tone } from './sounds';

// Bench mode: enrolling a Reel's Labels position by position. The operator's eyes are on the reel: the position is
// large, every read is heard, and everything works from the keyboard, scanner and pedal.

/** Keys: Space or the pedal (F12) capture, Enter acknowledges, F6 undo, F7 skip, F8 recapture, F9 void. */
const KEYS = { capture: [' ', 'F12'], acknowledge: ['Enter'], undo: ['F6'], skip: ['F7'], recapture: ['F8'], void: ['F9'] } as const;

/** Longest a save waits for the service's duplicate check before it goes ahead (the service checks again on sync). */
const CHECK_MS = 1500;

export function BenchScreen({ reelId, status, pick }: { reelId: string | undefined; status: StationStatus | undefined; pick: (reelId: string) => void }) {
  const { t } = useTranslation();
  // A snapshot of the Reel at the session's start: the session adds what it saves itself, so a
  // save does not refetch (and re-parse) thousands of Labels between two reads.
  const detail = useQuery({
    queryKey: ['bench-snapshot', reelId],
    queryFn: () => station.call('reels.show', { reelId: reelId ?? '' }),
    enabled: reelId !== undefined,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
  const reel = detail.data;
  const composition = useMemo(() => reel?.expectedIdentifiers.filter((e) => e.count > 0) ?? [], [reel]);
  const printedAt = useMemo(() => printedPositions(reel?.labels ?? []), [reel]);
  const [bench, setBench] = useState<BenchState>();
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<unknown>();
  // The session's saves survive leaving the screen (kept per Reel for as long as the window is open).
  const [savedAt, setSavedAtState] = useState<number[]>(() => (reelId ? (sessionSaves.get(reelId) ?? []) : []));
  const setSavedAt = useCallback(
    (change: (list: number[]) => number[]) =>
      setSavedAtState((list) => {
        const next = change(list);
        if (reelId) sessionSaves.set(reelId, next);
        return next;
      }),
    [reelId],
  );
  const [now, setNow] = useState(() => Date.now());
  const sessionTaken = useRef(new Map<string, number>());
  const sessionPositions = useRef(new Set<number>());
  /** Positions saved in this session, in order: undo takes back the last. */
  const savedPositions = useRef<number[]>([]);
  const benchRef = useRef(bench);
  benchRef.current = bench;
  // The last tone played and how many so far, on the screen's element (data-last-sound), so the
  // sound can be checked without hearing it.
  const [sound, setSound] = useState<{ tone: Tone; count: number }>();
  useEffect(() => onSound(({ tone }) => setSound((last) => ({ tone, count: (last?.count ?? 0) + 1 }))), []);

  const sectionRef = useRef<HTMLElement>(null);
  /** The session's saves when the Reel's snapshot was taken (the snapshot holds those Labels already). */
  const savedAtSnapshot = useRef(savedAt.length);
  useEffect(() => {
    sessionTaken.current.clear();
    sessionPositions.current.clear();
    savedPositions.current = [];
    benchRef.current = undefined;
    setBench(undefined);
    const kept = reelId ? (sessionSaves.get(reelId) ?? []) : [];
    savedAtSnapshot.current = kept.length;
    setSavedAtState(kept);
    // The Reel was chosen in the select: the bench takes the focus back, so the next keys are the bench's.
    const active = document.activeElement;
    if (reelId && (active === document.body || (active instanceof HTMLSelectElement && sectionRef.current?.contains(active)))) sectionRef.current?.focus();
  }, [reelId]);

  // Start (or restart on another Reel) at the first free position, or the one asked for.
  const askedPosition = Number(new URLSearchParams(window.location.hash.split('?')[1] ?? '').get('position') ?? NaN);
  useEffect(() => {
    if (!reel) return;
    if (benchRef.current && benchRef.current.slots.length === slotsCount(composition)) return;
    setBench(startPosition(Number.isInteger(askedPosition) ? askedPosition : firstPosition(reel.labels), composition));
  }, [reel, composition, askedPosition]);

  const facts = useCallback((): ReelFacts => {
    const position = benchRef.current?.position;
    const taken = new Map(sessionTaken.current);
    for (const label of reel?.labels ?? []) {
      if (label.state === 'expected' || label.position === position) continue;
      for (const i of label.identifiers) {
        if (i.value) taken.set(identifierMapKey(i.tagType, i.value), label.position);
        if (i.captureSha256) taken.set(identifierMapKey('SVC', i.captureSha256), label.position);
      }
    }
    const here = reel?.labels.find((l) => l.position === position);
    return { composition, expected: here?.expected ?? null, taken, printedAt };
  }, [reel, composition, printedAt]);

  const reelRef = useRef(reelId);
  reelRef.current = reelId;
  const apply = useCallback((change: (state: BenchState) => BenchState) => {
    const current = benchRef.current;
    if (!current) return;
    const next = change(current);
    if (next === current) return;
    benchRef.current = next;
    setBench(next);
    if (next.feedback !== current.feedback && next.feedback) {
      if (next.feedback.level === 'error') playTone('error');
      else if (next.feedback.level === 'warning') playTone('warning');
      // Kept for the shift summary; a lost record must not stop the bench.
      const problem = problemOf(next.feedback);
      if (problem && reelRef.current) {
        station
          .call('labels.benchError', { reelId: reelRef.current, position: next.position, ...problem })
          .catch((error: unknown) => console.error('The bench problem was not recorded', error));
      }
    }
  }, []);

  // Against the service when online (labels.resolve): the slot fills at once; a hit found a
  // moment later takes the value out again. A save waits for these checks (at most CHECK_MS).
  const [checking, setChecking] = useState(0);
  const online = status?.online === 'online';
  const checkOnService = useCallback(
    (tagType: IncomingRead['tagType'], value: string, position: number) => {
      if (!reelId || tagType === 'SVC') return;
      setChecking((n) => n + 1);
      const check = station.call('labels.resolve', { tagType, value }).then(({ matches }) => {
        // On the service = found there, or a local Label the service already holds (print-data
        // rows without a Label on the service are not duplicates).
        const elsewhere = matches.find((m) => (m.source === 'service' || m.serviceId !== null) && !(m.reelId === reelId && m.position === position));
        if (elsewhere) apply((s) => (s.position === position ? rejectPlacedRead(s, tagType, value, elsewhere.position) : s));
      });
      void Promise.race([check, new Promise((r) => setTimeout(r, CHECK_MS))])
        .catch(() => undefined)
        .finally(() => setChecking((n) => n - 1));
    },
    [reelId, apply],
  );

  const onRead = useCallback(
    (read: IncomingRead) => {
      const before = benchRef.current;
      apply((s) => placeRead(s, read, facts()));
      const after = benchRef.current;
      if (online && after && after !== before && after.feedback?.code === 'READ_PLACED')
        checkOnService(after.feedback.tagType, after.feedback.value, after.position);
    },
    [apply, facts, online, checkOnService],
  );

  // Reads from devices (serial, HID, NFC, virtual, and the keyboard wedge through the app-wide
  // capture in shell/wedge-capture.ts), and captures (renderer or watch folder).
  useEffect(() => {
    if (!reelId) return;
    const offRead = station.on('devices.read', (read) => onRead({ tagType: read.tagType, value: read.value, ...(read.basis ? { basis: read.basis } : {}) }));
    const offCapture = station.on('camera.captured', (capture) => {
      apply((s) =>
        placeCapture(
          s,
          { accepted: capture.accepted, sha256: capture.sha256, thumbnail: capture.thumbnail, reasons: capture.reasons.map((r) => r.message) },
          facts(),
        ),
      );
      for (const barcode of capture.barcodes) onRead({ tagType: barcode.tagType, value: barcode.value, basis: 'symbology', fromCapture: true });
    });
    return () => {
      offRead();
      offCapture();
    };
  }, [reelId, onRead, apply, facts]);

  const advance = useCallback(
    (from: number) => {
      const labels = reel?.labels ?? [];
      apply(() => startPosition(nextFreePosition(labels, from + 1, sessionPositions.current), composition));
    },
    [reel, composition, apply],
  );

  const save = useCallback(async () => {
    const current = benchRef.current;
    if (!current || !reelId || saving) return;
    setSaving(true);
    setSaveError(undefined);
    const sha = filledCapture(current);
    try {
      await station.call('labels.enroll', {
        reelId,
        position: current.position,
        identifiers: filledIdentifiers(current),
        ...(sha ? { captureSha256: sha } : {}),
      });
      for (const i of filledIdentifiers(current)) sessionTaken.current.set(identifierMapKey(i.tagType, i.value), current.position);
      if (sha) sessionTaken.current.set(identifierMapKey('SVC', sha), current.position);
      sessionPositions.current.add(current.position);
      savedPositions.current.push(current.position);
      setSavedAt((list) => [...list, Date.now()]);
      playTone('saved');
      advance(current.position);
      apply((s) => ({ ...s, feedback: { level: 'ok', code: 'SAVED', position: current.position } }));
    } catch (error) {
      setSaveError(error);
      playTone('error');
    } finally {
      setSaving(false);
    }
  }, [reelId, saving, advance, apply]);

  // Auto-advance: a complete Label is saved at once.
  useEffect(() => {
    if (bench && isComplete(bench) && !bench.blocked && !saving && !saveError && checking === 0) void save();
  }, [bench, saving, saveError, save, checking]);

  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 5_000);
    return () => clearInterval(timer);
  }, []);

  const hasSvc = composition.some((e) => e.tagType === 'SVC');
  const captureRef = useRef<(() => void) | undefined>(undefined);

  const benchCommand = async (run: () => Promise<void>) => {
    setSaveError(undefined);
    try {
      await run();
    } catch (error) {
      setSaveError(error);
      playTone('error');
    }
  };

  const actions = {
    acknowledge: () => {
      setSaveError(undefined);
      apply(acknowledge);
    },
    undo: () => {
      const current = benchRef.current;
      if (current && current.slots.some((s) => s.value !== undefined || s.captureSha256 !== undefined)) return apply(clearLastSlot);
      const last = savedPositions.current.at(-1);
      if (!reelId || last === undefined || !window.confirm(t('bench.confirmUndo', { position: last }))) return;
      void benchCommand(async () => {
        const out = await station.call('labels.void', { reelId, position: last, reason: 'undo' });
        savedPositions.current.pop();
        sessionPositions.current.delete(last);
        for (const [key, position] of sessionTaken.current) if (position === last) sessionTaken.current.delete(key);
        // An unsent enrollment left a gap: fill that position again. A Label on the service is archived there.
        if (out.state === 'gap') apply(() => startPosition(last, composition));
        setSavedAt((list) => list.slice(0, -1));
        apply((s) => ({ ...s, feedback: { level: 'ok', code: 'TAKEN_BACK', position: last } }));
      });
    },
    skip: () => {
      const current = benchRef.current;
      if (!reelId || !current) return;
      void benchCommand(async () => {
        await station.call('labels.skip', { reelId, position: current.position });
        advance(current.position);
        apply((s) => ({ ...s, feedback: { level: 'ok', code: 'SKIPPED', position: current.position } }));
      });
    },
    recapture: () => {
      apply((s) => ({ ...s, slots: s.slots.map((slot) => (slot.tagType === 'SVC' ? { tagType: 'SVC' } : slot)) }));
      captureRef.current?.();
    },
    void: () => {
      const current = benchRef.current;
      if (!reelId || !current || !window.confirm(t('bench.confirmVoid', { position: current.position }))) return;
      const held = reel?.labels.find((l) => l.position === current.position && l.state !== 'expected' && l.state !== 'gap');
      void benchCommand(async () => {
        // A damaged label with a Label saved there is taken back; a blank one leaves a gap.
        if (held) await station.call('labels.void', { reelId, position: current.position });
        else await station.call('labels.skip', { reelId, position: current.position });
        advance(current.position);
        apply((s) => ({ ...s, feedback: { level: 'ok', code: 'VOIDED', position: current.position } }));
      });
    },
    capture: () => captureRef.current?.(),
    /** A misordered label: go to the position it belongs to and place the read there (this position stays open). */
    jumpTo: (belongsTo: number, read: IncomingRead) => {
      setSaveError(undefined);
      apply(() => startPosition(belongsTo, composition));
      onRead(read);
    },
    /** A misordered label: this position's label is missing; record a gap here, then go on where the read belongs. */
    recordGap: (belongsTo: number, read: IncomingRead) => {
      const current = benchRef.current;
      if (!reelId || !current) return;
      void benchCommand(async () => {
        await station.call('labels.skip', { reelId, position: current.position });
        sessionPositions.current.add(current.position);
        apply(() => startPosition(belongsTo, composition));
        onRead(read);
      });
    },
  };
  const actionsRef = useRef(actions);
  actionsRef.current = actions;

  useEffect(() => {
    if (!reelId) return;
    const onKey = (event: KeyboardEvent) => {
      // The wedge listener (capture phase) prevents the keys that belong to a scan.
      if (event.defaultPrevented) return;
      const target = event.target as HTMLElement | null;
      const inField = target && (target.tagName === 'INPUT' || target.tagName === 'TEXTAREA' || target.tagName === 'SELECT');
      if (inField) return;
      const key = event.key;
      const run = (Object.keys(KEYS) as (keyof typeof KEYS)[]).find((name) => (KEYS[name] as readonly string[]).includes(key));
      if (!run) return;
      // Space and Enter on a focused button press that button; the bench keys win only elsewhere.
      if ((key === ' ' || key === 'Enter') && target?.tagName === 'BUTTON') return;
      event.preventDefault();
      actionsRef.current[run]();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [reelId]);

  const blocked = Boolean(bench?.blocked || saveError);
  return (
    <section
      ref={sectionRef}
      tabIndex={-1}
      aria-labelledby="bench-title"
      className="stack bench"
      data-testid="bench"
      data-last-sound={sound?.tone}
      data-sound-count={sound?.count ?? 0}
    >
      <h2 id="bench-title">
        {t('bench.title')}
        {reel ? `: ${reel.name}` : ''}
      </h2>
      <ReelPicker reelId={reelId} pick={pick} />
      <ErrorNote error={detail.error} />
      {bench && reel ? (
        <>
          <div className="bench-top">
            <div className="position" aria-live="polite">
              <span className="position-label">{t('bench.position')}</span>
              <output className="position-number" data-testid="bench-position" aria-label={t('bench.currentPosition', { position: bench.position })}>
                {bench.position}
              </output>
            </div>
            <dl className="counters" aria-label={t('bench.counters')}>
              <dt>{t('bench.onReel')}</dt>
              <dd data-testid="bench-reel-progress">{reelProgress(reel.labels, savedAt.length - savedAtSnapshot.current, t)}</dd>
              <dt>{t('bench.session')}</dt>
              <dd data-testid="bench-session-count">{savedAt.length}</dd>
              <dt>{t('bench.perMinute')}</dt>
              <dd data-testid="bench-rate">{labelsPerMinute(savedAt, now).toFixed(1)}</dd>
            </dl>
          </div>
          <FeedbackBanner feedback={bench.feedback} blocked={bench.blocked} saveError={saveError} />
          {bench.feedback?.code === 'MISORDER' && bench.blocked ? (
            <MisorderActions feedback={bench.feedback} jumpTo={actions.jumpTo} recordGap={actions.recordGap} />
          ) : null}
          <ul className="slots" aria-label={t('bench.slots')}>
            {bench.slots.map((slot, n) => (
              <SlotCard key={n} slot={slot} expected={reel.labels.find((l) => l.position === bench.position)?.expected ?? null} />
            ))}
          </ul>
          {hasSvc ? <CameraPanel register={(fn) => (captureRef.current = fn)} /> : null}
          <div className="toolbar bench-actions">
            {hasSvc ? <ActionButton label={t('bench.capture')} keys="Space / F12" onClick={actions.capture} disabled={blocked} /> : null}
            <ActionButton label={t('bench.acknowledge')} keys="Enter" onClick={actions.acknowledge} disabled={!blocked} />
            <ActionButton label={t('bench.undo')} keys="F6" onClick={actions.undo} />
            <ActionButton label={t('bench.skip')} keys="F7" onClick={actions.skip} />
            {hasSvc ? <ActionButton label={t('bench.recapture')} keys="F8" onClick={actions.recapture} /> : null}
            <ActionButton label={t('bench.void')} keys="F9" onClick={actions.void} />
          </div>
          <p className="hint">{t('bench.skipVoidGap')}</p>
          {saving ? <p role="status">{t('bench.saving')}</p> : null}
        </>
      ) : null}
    </section>
  );
}

function MisorderActions({
  feedback,
  jumpTo,
  recordGap,
}: {
  feedback: Extract<Feedback, { code: 'MISORDER' }>;
  jumpTo: (p: number, read: IncomingRead) => void;
  recordGap: (p: number, read: IncomingRead) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="toolbar misorder-actions" data-testid="misorder-actions">
      <button type="button" onClick={() => jumpTo(feedback.belongsTo, feedback.read)}>
        {t('bench.jumpTo', { position: feedback.belongsTo })}
      </button>
      <button type="button" onClick={() => recordGap(feedback.belongsTo, feedback.read)}>
        {t('bench.recordGap', { position: feedback.position })}
      </button>
    </div>
  );
}

/** The problems the shift summary counts, from the bench's feedback (src-shared/ipc/labels.ts BENCH_ERROR_KINDS). */
function problemOf(feedback: Feedback): { kind: BenchErrorKind; value?: string } | undefined {
  switch (feedback.code) {
    case 'PRINT_DATA_MISMATCH':
      return { kind: 'misprint', value: feedback.actual };
    case 'MISORDER':
      return { kind: 'misorder', value: feedback.value };
    case 'DUPLICATE_IN_REEL':
    case 'DUPLICATE_ON_SERVICE':
      return { kind: 'duplicate', value: feedback.value };
    case 'SAME_CAPTURE':
      return { kind: 'duplicate' };
    case 'CAPTURE_REFUSED':
      return { kind: 'refusedCapture' };
    default:
      return undefined;
  }
}

/** Saves of this window's bench sessions, per Reel: the counters survive leaving the screen. */
const sessionSaves = new Map<string, number[]>();

/** "N of M on this Reel": Labels saved (at the session's start plus since) of the positions the print data names, else of all. */
function reelProgress(
  labels: readonly { position: number; state: string; expected: unknown }[],
  sinceSnapshot: number,
  t: (key: string, options?: Record<string, unknown>) => string,
): string {
  const done = labels.filter((l) => l.state !== 'expected' && l.state !== 'gap').length + sinceSnapshot;
  const planned = labels.filter((l) => l.expected !== null).length;
  return planned > 0 ? t('bench.ofReel', { done, total: Math.max(planned, done) }) : String(done);
}

function slotsCount(composition: readonly { count: number }[]): number {
  return composition.reduce((sum, e) => sum + e.count, 0);
}

function ActionButton({ label, keys, onClick, disabled }: { label: string; keys: string; onClick: () => void; disabled?: boolean }) {
  return (
    <button type="button" onClick={onClick} disabled={disabled} aria-keyshortcuts={keys.replace(' / ', ' ')}>
      {label} <kbd>{keys}</kbd>
    </button>
  );
}
