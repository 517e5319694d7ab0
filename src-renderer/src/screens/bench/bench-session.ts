import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { identifierMapKey } from '../../../../src-shared/domain/identifier-values';
import type { StationStatus } from '../../../../src-shared/ipc';
import type { BenchErrorKind } from '../../../../src-shared/ipc/labels';
import { onSound, playTone, type Tone } from '../../components/sounds';
import { useCommandMutation, useCommandQuery } from '../../query/use-command';
import { station } from '../../station-client';
import {
  acknowledge,
  clearLastSlot,
  filledCapture,
  filledIdentifiers,
  firstPosition,
  isComplete,
  nextFreePosition,
  outsideRange,
  passTakenPosition,
  placeCapture,
  placeRead,
  printedPositions,
  rejectPlacedRead,
  startPosition,
  type BenchState,
  type Feedback,
  type IncomingRead,
  type ReelFacts,
} from './bench-reducer';

// The Bench's state in one hook (docs/architecture.md, "Renderer"): the reducer (bench-reducer.ts), the
// station calls through the query hooks (src-renderer/src/query/), and the effects (reads and captures from the
// station, auto-advance, the keys). BenchScreen.tsx only lays it out.

/** Keys: Space or the pedal (F12) capture, Enter acknowledges, F6 undo, F7 skip, F8 recapture, F9 void. */
const KEYS = { capture: [' ', 'F12'], acknowledge: ['Enter'], undo: ['F6'], skip: ['F7'], recapture: ['F8'], void: ['F9'] } as const;

/**
 * How often the Bench reads a Reel on the service again while it shows it, as the Reel map does (docs/sync.md,
 * "Benches sharing a Reel"): the Reel's counts first, its Labels only when they moved.
 */
const REFRESH_MS = 15_000;

/** Longest a save waits for the service's duplicate check before it goes ahead (the service checks again on sync). */
const CHECK_MS = 1500;

/** Saves of this window's bench sessions, per Reel: the counters survive leaving the screen. */
const sessionSaves = new Map<string, number[]>();

export function useBenchSession({ reelId, status }: { reelId: string | undefined; status: StationStatus | undefined }) {
  const { t } = useTranslation();
  // A snapshot of the Reel: the session adds what it saves itself, so a save does not refetch (and re-parse) thousands
  // of Labels between two reads. A Reel on the service (which other benches may share) is read again on a schedule,
  // so positions they enroll are passed by as they appear.
  const detail = useCommandQuery(
    'reels.show',
    { reelId: reelId ?? '' },
    { enabled: reelId !== undefined, snapshot: true, refetchIntervalMs: REFRESH_MS, refetchWhile: (r) => r.serviceId !== null },
  );
  const enroll = useCommandMutation('labels.enroll');
  const skipAt = useCommandMutation('labels.skip');
  const voidAt = useCommandMutation('labels.void');
  const resolve = useCommandMutation('labels.resolve');
  const benchError = useCommandMutation('labels.benchError');
  const reel = detail.data;
  const composition = useMemo(() => reel?.expectedIdentifiers.filter((e) => e.count > 0) ?? [], [reel]);
  /** This bench's range of the Reel (reels.setRange), as plain numbers so a refresh does not count as a change. */
  const rangeFirst = reel?.benchRange?.first;
  const rangeLast = reel?.benchRange?.last;
  const range = useMemo(() => (rangeFirst !== undefined && rangeLast !== undefined ? { first: rangeFirst, last: rangeLast } : null), [rangeFirst, rangeLast]);
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
    setBench(startPosition(Number.isInteger(askedPosition) ? askedPosition : firstPosition(reel.labels, range), composition));
  }, [reel, composition, askedPosition, range]);

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
  const recordProblem = benchError.mutateAsync;
  const apply = useCallback(
    (change: (state: BenchState) => BenchState) => {
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
          recordProblem({ reelId: reelRef.current, position: next.position, ...problem }).catch((error: unknown) =>
            console.error('The bench problem was not recorded', error),
          );
        }
      }
    },
    [recordProblem],
  );

  // Against the service when online (labels.resolve): the slot fills at once; a hit found a
  // moment later takes the value out again. A save waits for these checks (at most CHECK_MS).
  const [checking, setChecking] = useState(0);
  const online = status?.online === 'online';
  const resolveOnService = resolve.mutateAsync;
  const checkOnService = useCallback(
    (tagType: IncomingRead['tagType'], value: string, position: number) => {
      if (!reelId || tagType === 'SVC') return;
      setChecking((n) => n + 1);
      const check = resolveOnService({ tagType, value }).then(({ matches }) => {
        // On the service = found there, or a local Label the service already holds (print-data
        // rows without a Label on the service are not duplicates).
        const elsewhere = matches.find((m) => (m.source === 'service' || m.serviceId !== null) && !(m.reelId === reelId && m.position === position));
        if (elsewhere) apply((s) => (s.position === position ? rejectPlacedRead(s, tagType, value, elsewhere.position) : s));
      });
      void Promise.race([check, new Promise((r) => setTimeout(r, CHECK_MS))])
        .catch(() => undefined)
        .finally(() => setChecking((n) => n - 1));
    },
    [reelId, apply, resolveOnService],
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
          { accepted: capture.accepted, sha256: capture.sha256, thumbnail: capture.thumbnail, reasons: capture.reasons.map((r) => r.code) },
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
      apply(() => startPosition(nextFreePosition(labels, from + 1, sessionPositions.current, range), composition));
    },
    [reel, composition, apply, range],
  );

  // A new read of the Reel (the schedule above): it holds this session's saves so far, and perhaps a Label another
  // bench just enrolled at the current position, which the session then passes by.
  const readAt = detail.dataUpdatedAt;
  const savedCount = useRef(savedAt.length);
  savedCount.current = savedAt.length;
  useEffect(() => {
    if (!reel) return;
    savedAtSnapshot.current = savedCount.current;
    apply((s) => passTakenPosition(s, reel.labels, composition, sessionPositions.current, range));
    // Only on a new read (readAt), not on every change of the callbacks it uses.
  }, [readAt]);

  const enrollAt = enroll.mutateAsync;
  const save = useCallback(async () => {
    const current = benchRef.current;
    if (!current || !reelId || saving) return;
    setSaving(true);
    setSaveError(undefined);
    const sha = filledCapture(current);
    // Outside this bench's range the operator is asked first (another bench may enroll there); declined, nothing is saved.
    const confirmed =
      range !== null &&
      outsideRange(current.position, range) &&
      window.confirm(t('bench.confirmOutsideRange', { position: current.position, first: range.first, last: range.last }));
    if (range && outsideRange(current.position, range) && !confirmed) {
      setSaving(false);
      apply((s) => ({
        ...s,
        feedback: { level: 'error', code: 'OUTSIDE_RANGE', position: current.position, first: range.first, last: range.last },
        blocked: true,
      }));
      return;
    }
    try {
      await enrollAt({
        reelId,
        position: current.position,
        identifiers: filledIdentifiers(current),
        ...(sha ? { captureSha256: sha } : {}),
        ...(confirmed ? { outsideRange: true } : {}),
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
  }, [reelId, saving, advance, apply, enrollAt, setSavedAt, range, t]);

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
        const out = await voidAt.mutateAsync({ reelId, position: last, reason: 'undo' });
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
        await skipAt.mutateAsync({ reelId, position: current.position });
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
        if (held) await voidAt.mutateAsync({ reelId, position: current.position });
        else await skipAt.mutateAsync({ reelId, position: current.position });
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
        await skipAt.mutateAsync({ reelId, position: current.position });
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

  return {
    reel,
    range,
    /** Why the Reel could not be read. */
    error: detail.error,
    bench,
    saving,
    saveError,
    blocked: Boolean(bench?.blocked || saveError),
    hasSvc,
    /** The session's saves (times), the saves since the snapshot, and the clock the rate is shown at. */
    savedAt,
    savedSinceSnapshot: savedAt.length - savedAtSnapshot.current,
    now,
    sound,
    sectionRef,
    /** The camera panel registers its capture here (Space, F12). */
    registerCapture: (capture: () => void) => (captureRef.current = capture),
    actions,
  };
}

function slotsCount(composition: readonly { count: number }[]): number {
  return composition.reduce((sum, e) => sum + e.count, 0);
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
