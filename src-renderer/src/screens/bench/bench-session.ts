import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { identifierMapKey } from '../../../../src-shared/domain/identifier-values';
import { printedPositions } from '../../../../src-shared/domain/print-check';
import { StationError, StationErrorCode } from '../../../../src-shared/ipc/station-error';
import type { BenchErrorKind } from '../../../../src-shared/ipc/labels';
import type { LabelView } from '../../../../src-shared/ipc/reels';
import { sayError } from '../../components/say-error';
import { onSound, playTone, type Tone } from '../../components/sounds';
import { reelRead } from '../../query/reel-read';
import { useCommandAction, useCommandQuery } from '../../query/use-command';
import { announceRead, type ReadNotice } from '../../shell/read-notice';
import { station } from '../../station-client';
import { useReelEncodes } from './BenchNfcEncode';
import { useStationConnection } from '../../use-status';
import {
  acknowledge,
  benchBounds,
  clearLastSlot,
  descending,
  filledCapture,
  filledIdentifiers,
  firstPosition,
  isComplete,
  jumpTo,
  leftBehind,
  nextFreePosition,
  labelsOnReel,
  outsideRange,
  positionsOnReel,
  samePrintData,
  passTakenPosition,
  atTheEnd,
  positionAfterSave,
  placeCapture,
  placeRead,
  rejectPlacedRead,
  startPosition,
  type BenchState,
  type Feedback,
  type IncomingRead,
  type ReelFacts,
} from './bench-reducer';
import { worstGrade } from './GradeChip';
import { askToConfirm } from '../../components/ConfirmDialog';

// The Bench's state in one hook (docs/architecture.md, "Renderer"): the reducer (bench-reducer.ts), the station calls through the query hooks
// (src-renderer/src/query/), and the effects (reads and captures from the station, auto-advance, the keys).
// BenchScreen.tsx only lays it out. The shell keeps it mounted once the Bench was opened, shown or not
// (docs/architecture.md, "The Bench's session"): a read made on another screen reaches it, and what was read at a
// position is still there when the operator comes back.

/** Keys: Space or the pedal (F12) capture, Enter acknowledges, F2 go to a position, F4 reprint (when offered), F6 undo, F7 skip, F8 recapture, F9 void. */
const KEYS = {
  capture: [' ', 'F12'],
  acknowledge: ['Enter'],
  goTo: ['F2'],
  reprint: ['F4'],
  undo: ['F6'],
  skip: ['F7'],
  recapture: ['F8'],
  void: ['F9'],
} as const;

/**
 * How often the Bench reads a Reel on the service again while it shows it, as the Reel map does (docs/sync.md,
 * "Benches sharing a Reel"): the Reel's counts first, its Labels only when they moved.
 */
const REFRESH_MS = 15_000;

/** Longest a save waits for the service's duplicate check before it goes ahead (the service checks again on sync). */
const CHECK_MS = 1500;

/** Saves of this window's bench sessions, per Reel: the counters survive leaving the screen. */
const sessionSaves = new Map<string, number[]>();

/** What a session had read and saved on each Reel, kept when the Bench turns to another Reel and taken up again. */
interface SessionMemory {
  bench: BenchState | undefined;
  taken: Map<string, number>;
  positions: Set<number>;
  saved: number[];
  takenBack: Set<number>;
}
const sessionMemory = new Map<string, SessionMemory>();

export function useBenchSession({
  reelId,
  online,
  shown = true,
  takesReads = true,
}: {
  reelId: string | undefined;
  /** Whether the station reaches its service now: a read is checked there (labels.resolve). */
  online: boolean;
  /** Whether the Bench screen is shown: the keys and the focus are the Bench's only then. */
  shown?: boolean;
  /** Whether reads reach the session (not while a screen that uses reads itself is shown: Verify, Devices). */
  takesReads?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const connection = useStationConnection();
  const lost = connection === 'lost';
  // A snapshot of the Reel: the session adds what it saves itself, so a save does not refetch (and re-parse) thousands
  // of Labels between two reads. A Reel on the service (which other benches may share) is read again on a schedule,
  // so positions they enroll are passed by as they appear.
  // A read again carries only the Labels changed since (reel-read.ts): one that found nothing new keeps the snapshot.
  const detail = useCommandQuery(
    'reels.show',
    { reelId: reelId ?? '' },
    {
      enabled: reelId !== undefined,
      snapshot: true,
      refetchIntervalMs: REFRESH_MS,
      refetchWhile: (r) => r.serviceId !== null,
      read: reelRead({ reelId: reelId ?? '' }),
    },
  );
  // Calls whose progress the Bench never draws: a read or a save does not redraw the screen when its call starts and ends
  // (query/use-command.ts, useCommandAction).
  const enrollAt = useCommandAction('labels.enroll');
  const skipAt = useCommandAction('labels.skip');
  const voidAt = useCommandAction('labels.void');
  const resolveOnService = useCommandAction('labels.resolve');
  const recordProblem = useCommandAction('labels.benchError', ['report.shift']);
  const reel = detail.data;
  const expectedIdentifiers = reel?.expectedIdentifiers;
  const composition = useMemo(() => expectedIdentifiers?.filter((e) => e.count > 0) ?? [], [expectedIdentifiers]);
  /** This bench's range of the Reel (reels.setRange), as plain numbers so a refresh does not count as a change. */
  const rangeFirst = reel?.benchRange?.first;
  const rangeLast = reel?.benchRange?.last;
  const range = useMemo(() => (rangeFirst !== undefined && rangeLast !== undefined ? { first: rangeFirst, last: rangeLast } : null), [rangeFirst, rangeLast]);
  /** The direction this bench enrolls the Reel in (reels.setDirection): `down` from its end, a rewound Reel. */
  const direction = reel?.direction ?? 'up';
  const setDirectionOf = useCommandAction('reels.setDirection', ['reels.show', 'reels.list']);
  /** Two saves in a row that descend, on a Reel enrolled upward: the Bench offers to go downward (once per Reel, until taken or put away). */
  const [descent, setDescent] = useState<{ first: number; second: number }>();
  const descentDismissed = useRef(false);
  const reelLabels = reel?.labels;
  // The print data's index and count, made again only when a read of the Reel brought new print data (samePrintData):
  // the schedule's reads bring the Labels' new states far more often, and the index walks every position.
  const printData = useRef<{ labels: readonly LabelView[]; at: Map<string, number>; planned: number }>(undefined);
  const { at: printedAt, planned } = useMemo(() => {
    const labels = reelLabels ?? [];
    const held = printData.current;
    printData.current =
      held && samePrintData(held.labels, labels)
        ? { ...held, labels }
        : { labels, at: printedPositions(labels), planned: labels.filter((l) => l.expected !== null).length };
    return printData.current;
  }, [reelLabels]);
  /** The positions the Bench may stand on: this bench's range, else 1 to the print data's last (bench-reducer.ts). */
  const bounds = useMemo(() => benchBounds(reelLabels ?? [], range), [reelLabels, range]);
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
  /** Positions whose Label this session took back (void, undo): no longer on the Reel, whatever the snapshot says. */
  const takenBack = useRef(new Set<number>());
  useEffect(() => {
    const memory = reelId ? sessionMemory.get(reelId) : undefined;
    sessionTaken.current = memory?.taken ?? new Map();
    sessionPositions.current = memory?.positions ?? new Set();
    savedPositions.current = memory?.saved ?? [];
    takenBack.current = memory?.takenBack ?? new Set();
    benchRef.current = memory?.bench;
    setBench(memory?.bench);
    setSavedAtState(reelId ? (sessionSaves.get(reelId) ?? []) : []);
    return () => {
      if (reelId)
        sessionMemory.set(reelId, {
          bench: benchRef.current,
          taken: sessionTaken.current,
          positions: sessionPositions.current,
          saved: savedPositions.current,
          takenBack: takenBack.current,
        });
    };
  }, [reelId]);
  // Shown again: the Reel is read again (other doors may have saved Labels meanwhile; a new read passes a position
  // taken elsewhere, as on the schedule below).
  const refetchReel = detail.refetch;
  const wasShown = useRef(shown);
  useEffect(() => {
    if (shown && !wasShown.current && reelId) void refetchReel();
    wasShown.current = shown;
  }, [shown, reelId, refetchReel]);
  // The Reel was chosen in the select, or the Bench was opened again: the bench takes the focus, so the next keys
  // are the bench's.
  useEffect(() => {
    if (!shown) return;
    const active = document.activeElement;
    if (reelId && (active === document.body || active === null || (active instanceof HTMLSelectElement && sectionRef.current?.contains(active))))
      sectionRef.current?.focus();
  }, [reelId, shown]);

  // Start (or restart on another Reel) at the first free position, or the one asked for.
  const askedPosition = Number(new URLSearchParams(window.location.hash.split('?')[1] ?? '').get('position') ?? NaN);
  useEffect(() => {
    if (!reel) return;
    if (benchRef.current && benchRef.current.slots.length === slotsCount(composition)) return;
    setBench(
      Number.isInteger(askedPosition)
        ? { ...startPosition(askedPosition, composition), chosen: true }
        : startPosition(firstPosition(reel.labels, range, direction), composition),
    );
  }, [reel, composition, askedPosition, range, direction]);

  // A range set (on the Reel map) while the Bench is open applies at once: a position outside the new range with nothing
  // read there yet moves to the range's first free position (docs/sync.md, "Benches sharing a Reel").
  const rangeSeen = useRef(range);
  useEffect(() => {
    const before = rangeSeen.current;
    rangeSeen.current = range;
    if (!reel || before === range) return;
    const current = benchRef.current;
    if (!current || !range || !outsideRange(current.position, range) || current.blocked) return;
    if (current.slots.some((s) => s.value !== undefined || s.captureSha256 !== undefined)) return;
    setBench(startPosition(firstPosition(reel.labels, range, direction), composition));
  }, [range, reel, composition, direction]);

  // The Reel's values by key, indexed once per snapshot of the Reel rather than walked on every read (a 10,000-Label
  // Reel is 40,000 values): the positions holding each value, in the Reel's order.
  const reelValues = useMemo(() => {
    const at = new Map<string, number[]>();
    const add = (key: string, position: number) => {
      const positions = at.get(key);
      if (positions) positions.push(position);
      else at.set(key, [position]);
    };
    for (const label of reelLabels ?? []) {
      // An archived Label (set aside) holds no value against the real one (docs/sync.md, "Settling a collision").
      if (label.state === 'expected' || label.state === 'archived') continue;
      for (const i of label.identifiers) {
        if (i.value) add(identifierMapKey(i.tagType, i.value), label.position);
        if (i.captureSha256) add(identifierMapKey('SVC', i.captureSha256), label.position);
      }
    }
    return at;
  }, [reelLabels]);
  const labelAt = useMemo(() => new Map((reelLabels ?? []).map((label) => [label.position, label])), [reelLabels]);
  // The Labels enrolled, made once per snapshot: a redraw (each read, each status event) walks no 10,000 Labels
  // (docs/architecture.md, "The Bench's session").
  const enrolledAt = useMemo(() => positionsOnReel(reelLabels ?? []), [reelLabels]);
  const facts = useCallback((): ReelFacts => {
    const position = benchRef.current?.position;
    // A value on another Label of the Reel (the last one holding it, the current position aside), else one this
    // session saved.
    const taken = {
      get(key: string): number | undefined {
        const positions = reelValues.get(key);
        for (let i = (positions?.length ?? 0) - 1; i >= 0; i -= 1) if (positions?.[i] !== position) return positions?.[i];
        return sessionTaken.current.get(key);
      },
    };
    const here = position === undefined ? undefined : labelAt.get(position);
    return { composition, expected: here?.expected ?? null, taken, printedAt, done: benchRef.current !== undefined && atTheEnd(benchRef.current, bounds) };
  }, [reelValues, labelAt, composition, printedAt, bounds]);

  const reelRef = useRef(reelId);
  reelRef.current = reelId;
  const apply = useCallback(
    (change: (state: BenchState) => BenchState) => {
      const current = benchRef.current;
      if (!current) return;
      const next = change(current);
      if (next === current) return;
      benchRef.current = next;
      setBench(next);
      // A read while an error waits for Enter: not used, and heard (bench-reducer.ts, `heldBack`).
      if (next.heldBack && next.heldBack !== current.heldBack) playTone('warning');
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
  // On a Reel that encodes, the NFC slot takes only a chip nfc.encode wrote and verified (BenchNfcEncode.tsx).
  const encodesNfc = useReelEncodes(reelId);
  const encodesRef = useRef(encodesNfc);
  encodesRef.current = encodesNfc;
  const checkOnService = useCallback(
    (tagType: IncomingRead['tagType'], value: string, position: number) => {
      if (!reelId || tagType === 'SVC') return;
      setChecking((n) => n + 1);
      // Asked once the slot showing the read is drawn: the lookup is the main process's busiest moment of a Label
      // (it walks the Reel's values), and on a bench PC of two cores it would draw the read late.
      const check = afterPaint()
        .then(() => resolveOnService({ tagType, value }))
        .then(({ matches }) => {
          // On the service = found there, or a local Label the service already holds (print-data
          // rows without a Label on the service are not duplicates, nor an archived Label: one set aside).
          const elsewhere = matches.find(
            (m) => (m.source === 'service' || m.serviceId !== null) && !m.archived && !(m.reelId === reelId && m.position === position),
          );
          if (!elsewhere) return;
          apply((s) => (s.position === position ? rejectPlacedRead(s, tagType, value, elsewhere.position, elsewhere.reelName) : s));
          // A read placed from another screen: its notice now says the Bench refused it, and why.
          const feedback = benchRef.current?.feedback;
          if (awayReads.current.delete(value) && feedback?.code === 'DUPLICATE_ON_SERVICE')
            announceRead({ kind: 'refused', value, position, reason: t(`bench.feedback.${feedback.code}`, { ...feedback }) });
        });
      void Promise.race([check, new Promise((r) => setTimeout(r, CHECK_MS))])
        .catch(() => undefined)
        .finally(() => setChecking((n) => n - 1));
    },
    [reelId, apply, resolveOnService, t],
  );

  const shownRef = useRef(shown);
  shownRef.current = shown;
  // Reads placed from another screen whose fate is not told yet (value → position): the save or the check tells it.
  const awayReads = useRef(new Map<string, number>());
  const tellAwayReads = useCallback((identifiers: readonly { value: string }[], notice: (value: string) => ReadNotice) => {
    for (const { value } of identifiers) if (awayReads.current.delete(value)) announceRead(notice(value));
  }, []);
  const onRead = useCallback(
    (read: IncomingRead) => {
      const before = benchRef.current;
      apply((s) => placeRead(s, read, facts()));
      const after = benchRef.current;
      if (online && after && after !== before && after.feedback?.code === 'READ_PLACED')
        checkOnService(after.feedback.tagType, after.feedback.value, after.position);
      // Read on another screen: said there, where the operator looks (shell/read-notice.ts).
      if (!shownRef.current && after && !read.fromCapture) {
        const notice = awayNotice(before, after, read.value, t);
        // Placed: its fate is told again once it is known (saved, or refused by the check or the save).
        if (notice.kind === 'used') awayReads.current.set(read.value, after.position);
        announceRead(notice);
      }
    },
    [apply, facts, online, checkOnService, t],
  );

  // Reads from devices (serial, HID, NFC, virtual, and the keyboard wedge through the app-wide
  // capture in shell/wedge-capture.ts), and captures (renderer or watch folder), on every screen but those that
  // use reads themselves.
  // Subscribed once per Reel, calling the handlers of the latest render: a subscription made again whenever the Reel's
  // data, the connection or the words change would drop a read that arrives while the new one loads its event schema
  // (station-client.ts `on`), and a scan would vanish (docs/architecture.md, "The Bench's session").
  const readHandlers = useRef({ onRead, apply, facts });
  readHandlers.current = { onRead, apply, facts };
  useEffect(() => {
    if (!reelId || !takesReads) return;
    const offRead = station.on('devices.read', (read) => {
      if (read.tagType === 'NFC' && encodesRef.current) return;
      readHandlers.current.onRead({ tagType: read.tagType, value: read.value, ...(read.basis ? { basis: read.basis } : {}) });
    });
    const offCapture = station.on('camera.captured', (capture) => {
      const { onRead, apply, facts } = readHandlers.current;
      apply((s) =>
        placeCapture(
          s,
          {
            accepted: capture.accepted,
            sha256: capture.sha256,
            thumbnail: capture.thumbnail,
            reasons: capture.reasons.map((r) => r.code),
            grade: worstGrade(capture.grades),
          },
          facts(),
        ),
      );
      for (const barcode of capture.barcodes) onRead({ tagType: barcode.tagType, value: barcode.value, basis: 'symbology', fromCapture: true });
    });
    return () => {
      offRead();
      offCapture();
    };
  }, [reelId, takesReads]);

  /** On from `from`: back to the open position a misorder's jump left, else the next free one. */
  const advance = useCallback(
    (from: number) => {
      const labels = reelLabels ?? [];
      apply((s) => startPosition(positionAfterSave(s, labels, from, sessionPositions.current, range, direction), composition));
    },
    [reelLabels, composition, apply, range, direction],
  );

  // A new read of the Reel (the schedule above): it holds this session's saves so far, and perhaps a Label another
  // bench just enrolled at the current position, which the session then passes by.
  const readAt = detail.dataUpdatedAt;
  useEffect(() => {
    if (!reel) return;
    apply((s) => passTakenPosition(s, reel.labels, composition, sessionPositions.current, range, direction));
    // Only on a new read (readAt), not on every change of the callbacks it uses.
  }, [readAt]);

  /** A save the station confirmed (or, asked again, holds): counted, said, and the Bench goes on. */
  const saved = useCallback(
    (current: BenchState) => {
      const sha = filledCapture(current);
      for (const i of filledIdentifiers(current)) sessionTaken.current.set(identifierMapKey(i.tagType, i.value), current.position);
      if (sha) sessionTaken.current.set(identifierMapKey('SVC', sha), current.position);
      sessionPositions.current.add(current.position);
      savedPositions.current.push(current.position);
      takenBack.current.delete(current.position);
      setSavedAt((list) => [...list, Date.now()]);
      playTone('saved');
      tellAwayReads(filledIdentifiers(current), (value) => ({ kind: 'saved', value, position: current.position }));
      advance(current.position);
      apply((s) => ({ ...s, feedback: { level: 'ok', code: 'SAVED', position: current.position } }));
      // Two Labels in a row that descend: a rewound Reel; offered, never switched unasked.
      const descends = descentDismissed.current ? undefined : descending(savedPositions.current, direction);
      setDescent(descends);
    },
    [advance, apply, setSavedAt, tellAwayReads, direction],
  );

  // "Not saved" only for what was not saved: a save cut off by the station's loss is checked against the Reel the page
  // reads once the station answers again (docs/architecture.md, "When the page loses its station"). Held there: saved;
  // not held: the Label waits in its slots and is saved again.
  const uncertainSave = useRef<BenchState | undefined>(undefined);
  useEffect(() => {
    const pending = uncertainSave.current;
    if (!pending || !reel || lost) return;
    uncertainSave.current = undefined;
    const held = reel.labels.find((l) => l.position === pending.position && l.state !== 'expected');
    const values = new Set(held?.identifiers.map((i) => `${i.tagType} ${i.value}`));
    setSaveError(undefined);
    if (held && filledIdentifiers(pending).every((i) => values.has(`${i.tagType} ${i.value}`))) saved(pending);
    // Only on a new read of the Reel (readAt) after the station is back.
  }, [readAt, lost]);

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
      (await askToConfirm({
        message: t('bench.confirmOutsideRange', { position: current.position, first: range.first, last: range.last }),
        confirm: t('confirm.saveAnyway'),
      }));
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
      saved(current);
    } catch (error) {
      setSaveError(error);
      playTone('error');
      // The station stopped answering during the save: it may have saved it. Asked once it answers again (below).
      if (error instanceof StationError && error.code === 'STATION_UNREACHABLE') {
        uncertainSave.current = current;
        return;
      }
      const code = error instanceof StationError ? error.code : StationErrorCode.internal;
      const reason = sayError(t, i18n, code, error instanceof StationError ? error.detail : undefined);
      tellAwayReads(filledIdentifiers(current), (value) => ({ kind: 'refused', value, position: current.position, reason }));
      // The station's print-data check refused it (docs/print-run.md): a problem the shift summary counts, as the Bench's own.
      const kind = error instanceof StationError && { [StationErrorCode.misorder]: 'misorder', [StationErrorCode.misprint]: 'misprint' }[error.code];
      if (kind) void recordProblem({ reelId, position: current.position, kind: kind as BenchErrorKind }).catch(() => undefined);
    } finally {
      setSaving(false);
    }
  }, [reelId, saving, saved, apply, enrollAt, range, t, i18n, recordProblem, tellAwayReads]);

  // Auto-advance: a complete Label is saved at once.
  useEffect(() => {
    // Not while the page has lost its station: the read waits in its slot and is saved once the station is back.
    // Never past the end of the Reel or this bench's range: there is no position there (bench-reducer.ts, benchBounds).
    if (bench && isComplete(bench) && !bench.blocked && !saving && !saveError && checking === 0 && !lost && !atTheEnd(bench, bounds)) void save();
  }, [bench, saving, saveError, save, checking, lost, bounds]);

  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 5_000);
    return () => clearInterval(timer);
  }, []);

  const hasSvc = composition.some((e) => e.tagType === 'SVC');
  const captureRef = useRef<(() => void) | undefined>(undefined);
  /** The reprint offer registers its print here (F4), while it is shown (ReprintOffer.tsx). */
  const reprintRef = useRef<(() => void) | undefined>(undefined);
  /**
   * Positions this session left a gap at, by void, skip or a misorder's "record a gap" (a new Label may be enrolled
   * there: docs/printing.md, "Reprints at the bench"; the Bench's end names them).
   */
  const gapsMade = useRef(new Set<number>());

  const benchCommand = async (run: () => Promise<void>) => {
    setSaveError(undefined);
    try {
      await run();
    } catch (error) {
      setSaveError(error);
      playTone('error');
    }
  };

  /** The go-to field (F2 puts the cursor there). */
  const goToRef = useRef<HTMLInputElement>(null);

  const actions = {
    /**
     * The direction this bench enrolls the Reel in; going downward after a descent, the Bench goes on below the last save
     * (docs/architecture.md, "The Bench's session").
     */
    setDirection: (next: 'up' | 'down') => {
      if (!reelId) return;
      const below = descent?.second;
      setDescent(undefined);
      void benchCommand(async () => {
        await setDirectionOf({ reelId, direction: next });
        // The Bench reads its snapshot on its own schedule: read now, so the next advance follows the new direction.
        await refetchReel();
        const current = benchRef.current;
        const started = current?.slots.some((s) => s.value !== undefined || s.captureSha256 !== undefined);
        if (next === 'down' && below !== undefined && !started)
          apply(() => startPosition(nextFreePosition(reelLabels ?? [], below - 1, sessionPositions.current, range, 'down'), composition));
      });
    },
    /** The offer to go downward put away: not offered again on this Reel in this session. */
    keepUpward: () => {
      descentDismissed.current = true;
      setDescent(undefined);
    },
    /**
     * Go to a position (the go-to field, docs/architecture.md "The Bench's session"): what is read at hand goes along and is
     * checked again there, as a misorder's jump does; nothing read is dropped.
     */
    goTo: (position: number) => {
      const current = benchRef.current;
      // The position it stands on already, unless that is past the end (where going to it makes it a position again).
      if (!current || (current.position === position && !atTheEnd(current, bounds))) return;
      setSaveError(undefined);
      const reads = current.slots.flatMap((slot) => (slot.tagType !== 'SVC' && slot.value !== undefined ? [{ tagType: slot.tagType, value: slot.value }] : []));
      const capture = current.slots.find((slot) => slot.tagType === 'SVC' && slot.captureSha256);
      apply(() => {
        const next = { ...startPosition(position, composition), chosen: true };
        return capture ? { ...next, slots: next.slots.map((slot) => (slot.tagType === 'SVC' ? capture : slot)) } : next;
      });
      for (const read of reads) onRead({ ...read, basis: 'symbology' });
      sectionRef.current?.focus();
    },
    /** F2: the cursor to the go-to field. */
    focusGoTo: () => goToRef.current?.focus(),
    /** An NFC chip nfc.encode wrote and verified, for the NFC slot (BenchNfcEncode.tsx). */
    placeEncoded: (uid: string) => onRead({ tagType: 'NFC', value: uid }),
    acknowledge: () => {
      setSaveError(undefined);
      apply(acknowledge);
    },
    undo: () => {
      const current = benchRef.current;
      if (current && current.slots.some((s) => s.value !== undefined || s.captureSha256 !== undefined)) return apply(clearLastSlot);
      const last = savedPositions.current.at(-1);
      if (!reelId || last === undefined) return;
      void benchCommand(async () => {
        if (!(await askToConfirm({ message: t('bench.confirmUndo', { position: last }), confirm: t('bench.undo') }))) return;
        const out = await voidAt({ reelId, position: last, reason: 'undo' });
        savedPositions.current.pop();
        sessionPositions.current.delete(last);
        takenBack.current.add(last);
        for (const [key, position] of sessionTaken.current) if (position === last) sessionTaken.current.delete(key);
        // An unsent enrollment left a gap: fill that position again. A Label on the service is archived there.
        if (out.state === 'gap') apply(() => startPosition(last, composition));
        setSavedAt((list) => list.slice(0, -1));
        apply((s) => ({ ...s, feedback: { level: 'ok', code: 'TAKEN_BACK', position: last } }));
      });
    },
    skip: () => {
      const current = benchRef.current;
      // Past the end there is no position to leave a gap at (F7 there does nothing).
      if (!reelId || !current || atTheEnd(current, bounds)) return;
      void benchCommand(async () => {
        await skipAt({ reelId, position: current.position });
        gapsMade.current.add(current.position);
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
      if (!reelId || !current || atTheEnd(current, bounds)) return;
      const held = reel?.labels.find((l) => l.position === current.position && l.state !== 'expected' && l.state !== 'gap');
      void benchCommand(async () => {
        if (!(await askToConfirm({ message: t('bench.confirmVoid', { position: current.position }), confirm: t('bench.void'), danger: true }))) return;
        // A damaged label with a Label saved there is taken back; a blank one leaves a gap, counted as a void.
        const out = held ? await voidAt({ reelId, position: current.position }) : await skipAt({ reelId, position: current.position, reason: 'void' });
        if (out.state === 'gap') gapsMade.current.add(current.position);
        if (held) {
          takenBack.current.add(current.position);
          savedPositions.current = savedPositions.current.filter((p) => p !== current.position);
        }
        advance(current.position);
        apply((s) => ({ ...s, feedback: { level: 'ok', code: 'VOIDED', position: current.position } }));
      });
    },
    capture: () => {
      if (benchRef.current && atTheEnd(benchRef.current, bounds)) return;
      captureRef.current?.();
    },
    reprint: () => reprintRef.current?.(),
    /**
     * A position's replacement was printed (docs/printing.md, "Reprints at the bench"): the bench waits at that position
     * for the new Label when the position can take it (nothing saved there, or a gap this session's void left), and
     * says false when a Label saved there stays.
     */
    reprinted: (position: number): boolean => {
      const held = reel?.labels.some((l) => l.position === position && l.state !== 'expected' && l.state !== 'gap');
      const saved = savedPositions.current.includes(position) || (held && !gapsMade.current.has(position));
      if (saved) return false;
      setSaveError(undefined);
      apply(() => startPosition(position, composition));
      return true;
    },
    /** A misordered label: go to the position it belongs to and place the read there (this position stays open). */
    jumpTo: (belongsTo: number, read: IncomingRead) => {
      setSaveError(undefined);
      apply((s) => jumpTo(s, belongsTo, composition));
      onRead(read);
    },
    /** A misordered label: this position's label is missing; record a gap here, then go on where the read belongs. */
    recordGap: (belongsTo: number, read: IncomingRead) => {
      const current = benchRef.current;
      if (!reelId || !current) return;
      void benchCommand(async () => {
        await skipAt({ reelId, position: current.position });
        sessionPositions.current.add(current.position);
        gapsMade.current.add(current.position);
        apply(() => startPosition(belongsTo, composition));
        onRead(read);
      });
    },
  };
  const actionsRef = useRef(actions);
  actionsRef.current = actions;

  useEffect(() => {
    if (!reelId || !shown) return;
    const onKey = (event: KeyboardEvent) => {
      // The wedge listener (capture phase) prevents the keys that belong to a scan.
      if (event.defaultPrevented) return;
      const target = event.target as HTMLElement | null;
      const inField = target && (target.tagName === 'INPUT' || target.tagName === 'TEXTAREA' || target.tagName === 'SELECT');
      if (inField) return;
      const key = event.key;
      const run = (Object.keys(KEYS) as (keyof typeof KEYS)[]).find((name) => (KEYS[name] as readonly string[]).includes(key));
      if (!run) return;
      if (run === 'reprint' && !reprintRef.current) return;
      // Space and Enter on a focused button press that button; the bench keys win only elsewhere.
      if ((key === ' ' || key === 'Enter') && target?.tagName === 'BUTTON') return;
      event.preventDefault();
      if (run === 'goTo') actionsRef.current.focusGoTo();
      else actionsRef.current[run]();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [reelId, shown]);

  return {
    reel,
    range,
    direction,
    /** Two saves in a row that descended: the offer to enroll downward. */
    descent,
    encodesNfc,
    /** Why the Reel could not be read. */
    error: detail.error,
    bench,
    saving,
    saveError,
    /** The page has lost its station: the Bench shows no save it could not confirm. */
    lost,
    blocked: Boolean(bench?.blocked || saveError),
    hasSvc,
    /** The session's saves (times), the saves since the snapshot, and the clock the rate is shown at. */
    savedAt,
    /** "On this Reel": Labels enrolled, with this session's saves and take-backs the snapshot does not show yet. */
    onReel: reel ? labelsOnReel(enrolledAt, new Set(savedPositions.current), takenBack.current) : 0,
    /** Positions the print data names (0: none). */
    planned,
    /**
     * Past the end of the Reel or of this bench's range (either direction): what was left behind inside it, shown in
     * place of a position; null while the Bench stands on a position.
     */
    end: bench && reel && atTheEnd(bench, bounds) ? { ...leftBehind(reel.labels, bounds, new Set(savedPositions.current), gapsMade.current), bounds } : null,
    /** The print data of the current position. */
    expected: (bench ? labelAt.get(bench.position)?.expected : undefined) ?? null,
    now,
    sound,
    sectionRef,
    goToRef,
    /** The camera panel registers its capture here (Space, F12). */
    registerCapture: (capture: () => void) => (captureRef.current = capture),
    /** The reprint offer registers its print (F4) while shown, and undefined when it goes. */
    registerReprint: (reprint: (() => void) | undefined) => (reprintRef.current = reprint),
    actions,
  };
}

/**
 * Resolves once the frame now being made is drawn (after its animation frame), or after a frame's time when the page
 * draws none (a hidden window runs no animation frames).
 */
function afterPaint(): Promise<void> {
  return new Promise((resolve) => {
    const fallback = setTimeout(resolve, 50);
    requestAnimationFrame(() =>
      setTimeout(() => {
        clearTimeout(fallback);
        resolve();
      }, 0),
    );
  });
}

/** What became of a read made away from the Bench: used at its position, held back by an error, or refused. */
function awayNotice(
  before: BenchState | undefined,
  after: BenchState,
  value: string,
  t: (key: string, values?: Record<string, unknown>) => string,
): ReadNotice {
  if (after.heldBack && after.heldBack !== before?.heldBack) return { kind: 'heldBack', value };
  const feedback = after.feedback;
  if (after === before || !feedback) return { kind: 'notUsed', value, position: after.position, reason: t('readNotice.noChange') };
  if (feedback.code === 'READ_PLACED') return { kind: 'used', value, position: after.position };
  return { kind: 'notUsed', value, position: after.position, reason: t(`bench.feedback.${feedback.code}`, { ...feedback }) };
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
