import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { LabelView } from '../../../../src-shared/ipc/reels';
import { CameraPanel } from '../../components/CameraPanel';
import { ErrorNote } from '../../components/ErrorNote';
import { GoToPosition } from '../../components/GoToPosition';
import { useFormat, type Formats } from '../../components/format';
import { ReelPicker } from '../../components/ReelPicker';
import { labelsPerMinute, outsideRange, type Feedback, type IncomingRead } from './bench-reducer';
import { useBenchSession } from './bench-session';
import { AttentionNotice, useAttentionNotices } from './AttentionNotice';
import { BenchNfcEncode, encodeSlot } from './BenchNfcEncode';
import { FeedbackBanner } from './FeedbackBanner';
import { SlotCard } from './SlotCard';
import { BenchPrinterSetting } from './BenchPrinterSetting';
import { ReprintOffer } from './ReprintOffer';
import { TakenElsewhereNotice } from './TakenElsewhereNotice';

// Bench mode: enrolling a Reel's Labels position by position. The operator's eyes are on the reel: the position is
// large, every read is heard, and everything works from the keyboard, scanner and pedal. The session's state and
// effects are useBenchSession's (bench-session.ts); this is its layout. The shell keeps it mounted once opened, and
// it draws nothing while another screen is shown (`shown`): its session goes on (docs/architecture.md, "The Bench's
// session").

const NO_LABELS: readonly LabelView[] = [];

// Memo: the shell redraws on every status event (queue counts, ~10 a second while the queue sends), and the Bench
// redraws only when what it shows changed (docs/architecture.md, "The Bench's session").
export const BenchScreen = memo(function BenchScreen({
  reelId,
  online,
  pick,
  shown = true,
  takesReads = true,
  takenElsewhere = 0,
}: {
  reelId: string | undefined;
  /** Whether the station reaches its service now (the status's `online`): reads are checked there. */
  online: boolean;
  pick: (reelId: string) => void;
  shown?: boolean;
  takesReads?: boolean;
  /** This bench's Labels on the Reel other benches took off their positions, not yet put away (the status's `notices`). */
  takenElsewhere?: number;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const {
    reel,
    range,
    direction,
    descent,
    encodesNfc,
    error,
    bench,
    saving,
    saveError,
    lost,
    blocked,
    hasSvc,
    savedAt,
    onReel,
    planned,
    expected,
    end,
    now,
    sound,
    sectionRef,
    goToRef,
    registerCapture,
    registerReprint,
    actions,
  } = useBenchSession({ reelId, online, shown, takesReads });
  const attention = useAttentionNotices(reel?.reelId, reel?.labels ?? NO_LABELS);
  // "Position N saved." is not left standing once the service refused that save: the notice above says what happened.
  const feedback = bench?.feedback;
  const refused = feedback?.code === 'SAVED' && attention.notices.some((n) => n.position === feedback.position);
  if (!shown) return null;
  // The slot a read is asked for next: the first one waiting, marked so the operator sees it from the reel.
  const nextSlot = bench?.slots.findIndex((slot) => slot.value === undefined && slot.captureSha256 === undefined) ?? -1;
  // On a Reel that encodes its chips, the NFC slot says so and drives the encoding (docs/devices.md, "Encoding a chip").
  const encodeAt = encodesNfc && bench ? encodeSlot(bench.slots) : -1;
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
      <ErrorNote error={error} />
      {bench && reel ? (
        <>
          <div className="bench-top">
            {end ? (
              <BenchEnd end={end} reelId={reel.reelId} range={range} goTo={actions.goTo} />
            ) : (
              <div className="position" aria-live="polite">
                <span className="position-label">{t('bench.position')}</span>
                <output className="position-number" data-testid="bench-position" aria-label={t('bench.currentPosition', { position: bench.position })}>
                  {bench.position}
                </output>
              </div>
            )}
            <dl className="counters" aria-label={t('bench.counters')}>
              <dt>{t('bench.onReel')}</dt>
              <dd data-testid="bench-reel-progress">{reelProgress(planned, onReel, t, format)}</dd>
              <dt>{t('bench.session')}</dt>
              <dd data-testid="bench-session-count">{format.number(savedAt.length)}</dd>
              <dt>{t('bench.perMinute')}</dt>
              <dd data-testid="bench-rate">{format.number(labelsPerMinute(savedAt, now), { minimumFractionDigits: 1, maximumFractionDigits: 1 })}</dd>
            </dl>
          </div>
          <div className="toolbar bench-nav">
            <GoToPosition go={actions.goTo} inputRef={goToRef} keys="F2" testId="bench-go-to" />
            <label className="bench-direction">
              {t('benchDirection.label')}
              <select data-testid="bench-direction" value={direction} onChange={(event) => actions.setDirection(event.target.value === 'down' ? 'down' : 'up')}>
                <option value="up">{t('benchDirection.up')}</option>
                <option value="down">{t('benchDirection.down')}</option>
              </select>
            </label>
          </div>
          {range || reel.refreshedAt ? (
            <p className="hint bench-shared">
              {range ? (
                <strong data-testid="bench-range" data-outside={outsideRange(bench.position, range)}>
                  {t('bench.range', range)}
                </strong>
              ) : null}
              {range && reel.refreshedAt ? ' · ' : null}
              {reel.refreshedAt ? (
                <span data-testid="bench-refreshed-at" data-at={reel.refreshedAt}>
                  {t('bench.refreshedAt', { time: format.time(reel.refreshedAt) })}
                </span>
              ) : null}
            </p>
          ) : null}
          {reel.hasPrintData || end ? null : (
            <p className="warning-note" role="note" data-testid="bench-not-checked">
              <span aria-hidden="true">⚠ </span>
              {t('printCheck.notCheckedAt', { position: bench.position })}
            </p>
          )}
          <AttentionNotice {...attention} />
          <TakenElsewhereNotice count={takenElsewhere} />
          <FeedbackBanner
            feedback={refused ? null : bench.feedback}
            blocked={bench.blocked}
            saveError={saveError}
            lost={lost}
            position={bench.position}
            waiting={Boolean(saveError) || bench.slots.some((slot) => slot.value !== undefined || slot.captureSha256 !== undefined)}
            heldBack={bench.heldBack}
          />
          {descent ? (
            <div className="card toolbar" role="status" data-testid="bench-descent">
              <span>{t('benchDirection.offer', descent)}</span>
              <button type="button" onClick={() => actions.setDirection('down')}>
                {t('benchDirection.accept')}
              </button>
              <button type="button" onClick={actions.keepUpward}>
                {t('benchDirection.dismiss')}
              </button>
            </div>
          ) : null}
          {bench.feedback?.code === 'MISORDER' && bench.blocked ? (
            <MisorderActions feedback={bench.feedback} jumpTo={actions.jumpTo} recordGap={actions.recordGap} />
          ) : null}
          <ReprintOffer reelId={reel.reelId} bench={bench} saveError={saveError} register={registerReprint} reprinted={actions.reprinted} />
          {/* Past the end there is no position, so no Label to fill (BenchEnd says what to do). */}
          {end ? null : (
            <ul className="slots" aria-label={t('bench.slots')}>
              {bench.slots.map((slot, n) => (
                <SlotCard
                  key={n}
                  slot={slot}
                  next={n === nextSlot && !blocked}
                  reelId={reel.reelId}
                  expected={expected}
                  encode={
                    n === encodeAt ? (
                      <BenchNfcEncode
                        reelId={reel.reelId}
                        position={bench.position}
                        waiting={!blocked && takesReads && slot.value === undefined}
                        place={actions.placeEncoded}
                      />
                    ) : undefined
                  }
                />
              ))}
            </ul>
          )}
          {hasSvc ? <CameraPanel register={registerCapture} /> : null}
          <div className="toolbar bench-actions">
            {hasSvc && !end ? <ActionButton label={t('bench.capture')} keys="Space / F12" onClick={actions.capture} disabled={blocked} /> : null}
            <ActionButton label={t('bench.acknowledge')} keys="Enter" onClick={actions.acknowledge} disabled={!blocked} />
            <ActionButton label={t('bench.undo')} keys="F6" onClick={actions.undo} />
            {end ? null : (
              <>
                <ActionButton label={t('bench.skip')} keys="F7" onClick={actions.skip} />
                {hasSvc ? <ActionButton label={t('bench.recapture')} keys="F8" onClick={actions.recapture} /> : null}
                <ActionButton label={t('bench.void')} keys="F9" onClick={actions.void} />
              </>
            )}
          </div>
          {end ? null : <p className="hint">{t('bench.skipVoidGap')}</p>}
          <BenchPrinterSetting />
          {saving ? <p role="status">{t('bench.saving')}</p> : null}
        </>
      ) : null}
    </section>
  );
});

/** How many positions a list of those left behind names before "…". */
const NAMED = 8;

/**
 * The Bench past the end of the Reel or of this bench's range, in place of a position (docs/architecture.md, "The
 * Bench's session"): all enrolled, or what was left behind (positions still free, gaps recorded) with the way to
 * each, and the Reel map.
 */
function BenchEnd({
  end,
  reelId,
  range,
  goTo,
}: {
  end: { free: number[]; gaps: number[]; positions: number; bounds: { first: number; last: number | null } };
  reelId: string;
  range: { first: number; last: number } | null;
  goTo: (position: number) => void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const list = (positions: readonly number[]) =>
    positions
      .slice(0, NAMED)
      .map((p) => format.number(p))
      .join(', ') + (positions.length > NAMED ? ', …' : '');
  const clean = end.free.length === 0 && end.gaps.length === 0;
  const title = range
    ? t(clean ? 'benchEnd.rangeAllEnrolled' : 'benchEnd.rangePassed', { first: range.first, last: range.last })
    : t(clean ? 'benchEnd.allEnrolled' : 'benchEnd.passed', { count: end.positions, positions: format.number(end.positions) });
  const next = end.free[0] ?? end.gaps[0];
  return (
    <div className="bench-end" role="status" data-testid="bench-end" data-free={end.free.length} data-gaps={end.gaps.length}>
      <p className="bench-end-title">{title}</p>
      {end.free.length ? <p data-testid="bench-end-free">{t('benchEnd.free', { count: end.free.length, positions: list(end.free) })}</p> : null}
      {end.gaps.length ? <p data-testid="bench-end-gaps">{t('benchEnd.gaps', { count: end.gaps.length, positions: list(end.gaps) })}</p> : null}
      <p className="hint">{t(clean ? 'benchEnd.nextClean' : 'benchEnd.next')}</p>
      <div className="toolbar">
        {next !== undefined ? (
          <button type="button" onClick={() => goTo(next)}>
            {t('benchEnd.goTo', { position: next })}
          </button>
        ) : null}
        <a className="button-link" href={`#/reelMap?reel=${encodeURIComponent(reelId)}`}>
          {t('benchEnd.openMap')}
        </a>
      </div>
    </div>
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

/** "N of M on this Reel": Labels enrolled (`done`, bench-reducer.ts `labelsOnReel`) of the positions the print data names (`planned`), else of all. */
function reelProgress(planned: number, done: number, t: (key: string, options?: Record<string, unknown>) => string, format: Formats): string {
  return planned > 0 ? t('bench.ofReel', { done, total: Math.max(planned, done) }) : format.number(done);
}

function ActionButton({ label, keys, onClick, disabled }: { label: string; keys: string; onClick: () => void; disabled?: boolean }) {
  return (
    <button type="button" onClick={onClick} disabled={disabled} aria-keyshortcuts={keys.replace(' / ', ' ')}>
      {label} <kbd>{keys}</kbd>
    </button>
  );
}
