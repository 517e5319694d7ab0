import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StringTagType } from '../../../../src-shared/api/common';
import { identifierMapKey } from '../../../../src-shared/domain/identifier-values';
import type { ExpectedValues } from '../../../../src-shared/domain/label';
import { fitRead, typeByShape } from '../../../../src-shared/domain/slot-fit';
import type { StationStatus, VerifyCheckOutput } from '../../../../src-shared/ipc';
import { StationError, StationErrorCode } from '../../../../src-shared/ipc/station-error';
import { DataTable } from '../../components/DataTable';
import { Details } from '../../components/Details';
import { refusalWords } from '../../components/say-error';
import { ErrorNote } from '../../components/ErrorNote';
import { useFormat } from '../../components/format';
import { ReelPicker } from '../../components/ReelPicker';
import { RequestId } from '../../components/RequestId';
import { useCommandMutation, useCommandQuery } from '../../query/use-command';
import { station } from '../../station-client';
import { claimReads } from '../../shell/read-notice';
import { CameraPanel } from '../../components/CameraPanel';
import { playTone } from '../../components/sounds';
import { typingIntoField } from '../../components/use-wedge';
import '../report/report.css';
import { decidedText, planText, sampleMessage, verdictText } from './verification-text';
import { reelRead } from '../../query/reel-read';
import { askToConfirm } from '../../components/ConfirmDialog';

// The quality check of an enrolled Reel: draw the sample (ISO 2859-1, the AQL from Settings), then scan each sampled
// position with the bench's devices (scanners and the keyboard wedge, NFC, and the camera when the Reel expects an
// optical marking). A position is checked as soon as everything the Reel expects was read; the lot's verdict follows
// the plan. Offline, a scan is kept on the station and checked later.

interface Read {
  tagType: StringTagType;
  value: string;
}

type Last = { kind: 'result'; result: VerifyCheckOutput } | { kind: 'kept'; position: number };

/** A read that fits no slot of the sampled Label: shown, never sent to a check (it cannot fail a sample). */
interface Unfitted {
  value: string;
  reason: 'slotFull' | 'unexpectedType' | 'ambiguous';
}

/**
 * What each position should carry, for fitting reads (src-shared/domain/slot-fit.ts): its print data, else the values
 * this station enrolled there.
 */
function valuesByPosition(
  labels: readonly { position: number; expected: ExpectedValues | null; identifiers: readonly { tagType: string; value?: string | undefined }[] }[],
) {
  const at = new Map<number, ExpectedValues>();
  const owner = new Map<string, number>();
  for (const label of labels) {
    const values: Record<string, string> = {};
    for (const i of label.identifiers) if (i.value && i.tagType !== 'SVC') values[i.tagType] = i.value;
    Object.assign(values, label.expected ?? {});
    at.set(label.position, values as ExpectedValues);
    for (const [tagType, value] of Object.entries(values)) owner.set(identifierMapKey(tagType, value), label.position);
  }
  return { at, owner };
}

export function VerifyScreen({
  reelId,
  status,
  pick,
  openReport,
}: {
  reelId: string | undefined;
  status: StationStatus | undefined;
  pick: (reelId: string) => void;
  openReport: (reelId: string) => void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const client = useQueryClient();
  const checkSample = useCommandMutation('verify.check');
  const planSample = useCommandMutation('verify.plan');
  const aqlId = useId();
  const seedId = useId();
  const settings = useCommandQuery('verify.settings.get', {});
  const state = useCommandQuery('verify.status', { reelId: reelId ?? '' }, { enabled: reelId !== undefined });
  const verification = state.data?.verification ?? null;
  const composition = state.data?.composition ?? [];
  const expectsSvc = state.data?.expectsSvc ?? false;
  const online = status?.online === 'online';

  const [aql, setAql] = useState('');
  const [seed, setSeed] = useState('');
  const [chosen, setChosen] = useState<number>();
  const [reads, setReads] = useState<Read[]>([]);
  const [unfitted, setUnfitted] = useState<Unfitted[]>([]);
  // Read again on each change of its Labels, only what changed (query/reel-read.ts; docs/sync.md, "Only what changed reaches a screen").
  const reel = useCommandQuery(
    'reels.show',
    { reelId: reelId ?? '', refresh: false },
    { enabled: reelId !== undefined, read: reelRead({ reelId: reelId ?? '', refresh: false }) },
  );
  const known = useMemo(() => valuesByPosition(reel.data?.labels ?? []), [reel.data]);
  const [capture, setCapture] = useState<{ sha256: string; thumbnail: string | null }>();
  /** Why the last capture was refused by the camera's quality gate (capture again). */
  const [refused, setRefused] = useState<string[]>();
  const [last, setLast] = useState<Last>();
  const [error, setError] = useState<unknown>();
  const [busy, setBusy] = useState(false);
  const captureRef = useRef<(() => void) | undefined>(undefined);

  const refresh = useCallback(
    () => Promise.all([client.invalidateQueries({ queryKey: ['cmd', 'verify.status'] }), client.invalidateQueries({ queryKey: ['cmd', 'report.reel'] })]),
    [client],
  );

  // The position being scanned: the one chosen, else the first still waiting. Once the lot is decided (rejected, or
  // accepted after the whole sample) nothing is waiting to be scanned: only a failed position whose fresh scan may
  // change a rejection (retry) can still be chosen.
  const samples = verification?.samples ?? [];
  const decision = verification?.verdict.decision ?? 'pending';
  const open = (p: number) => {
    const s = samples.find((x) => x.position === p);
    if (s === undefined) return false;
    const retry = s.state === 'fail' && s.result?.retry === true;
    return decision === 'pending' ? s.state === 'waiting' || s.state === 'kept' || retry : decision === 'reject' && retry;
  };
  const position = chosen !== undefined && open(chosen) ? chosen : decision === 'pending' ? samples.find((s) => s.state === 'waiting')?.position : undefined;
  /** A scan that arrived after the verdict: named, sent nowhere. */
  const [afterVerdict, setAfterVerdict] = useState<string>();

  useEffect(() => {
    setReads([]);
    setUnfitted([]);
    setCapture(undefined);
    setRefused(undefined);
  }, [position, reelId]);
  useEffect(() => {
    setChosen(undefined);
    setLast(undefined);
  }, [reelId]);
  useEffect(() => {
    setAfterVerdict(undefined);
  }, [reelId, position, decision]);

  // Each read is fitted to the sampled Label's slots by the rule the Bench uses: by value (what this position and the
  // others should carry), else by the reported type or the shape. A value found at another position keeps that
  // type, so the check names both positions; a read that fits nothing is listed and never sent.
  const readsRef = useRef(reads);
  readsRef.current = reads;
  const addRead = useCallback(
    (tagType: StringTagType | 'SVC', value: string, basis: 'symbology' | 'device' | 'fallback' | undefined) => {
      const current = readsRef.current;
      if (position === undefined || tagType === 'SVC' || current.some((r) => r.value === value)) return;
      const slots = composition.map((type) => ({ tagType: type, filled: current.some((r) => r.tagType === type) }));
      const fit = fitRead(slots, { tagType, value, basis }, { position, expected: known.at.get(position) ?? null, printedAt: known.owner });
      let type: StringTagType | undefined;
      if ((fit.kind === 'printed' || fit.kind === 'typed' || fit.kind === 'elsewhere') && fit.slot >= 0) type = fit.tagType;
      else if (fit.kind === 'misprint') {
        // On no position at all: a wrong Label, checked (and failed) in the slot its type or shape takes.
        const waiting = slots.filter((s) => !s.filled).map((s) => s.tagType);
        const typed = basis === 'fallback' ? typeByShape(value, waiting)?.tagType : tagType;
        if (typed && waiting.includes(typed)) type = typed;
      }
      if (type === undefined) {
        const reason = fit.kind === 'none' ? fit.reason : 'slotFull';
        setUnfitted((list) => (list.some((u) => u.value === value) ? list : [...list, { value, reason }]));
        playTone('warning');
        return;
      }
      const next = [...current, { tagType: type, value }];
      readsRef.current = next;
      setReads(next);
      setUnfitted((list) => list.filter((u) => u.value !== value));
    },
    [composition, position, known],
  );

  useEffect(() => {
    if (!reelId || position === undefined) return undefined;
    const release = claimReads();
    const offRead = station.on('devices.read', (read) => addRead(read.tagType, read.value, read.basis));
    const offCapture = station.on('camera.captured', (result) => {
      if (result.accepted) {
        setCapture({ sha256: result.sha256, thumbnail: result.thumbnail });
        setRefused(undefined);
      } else {
        setRefused(result.reasons.map((r) => refusalWords(t, [r.code])));
        playTone('error');
      }
      for (const barcode of result.barcodes) addRead(barcode.tagType, barcode.value, 'symbology');
    });
    return () => {
      release();
      offRead();
      offCapture();
    };
  }, [reelId, position, addRead]);
  useEffect(() => {
    if (!reelId || position !== undefined || decision === 'pending') return undefined;
    const release = claimReads();
    const off = station.on('devices.read', (read) => {
      setAfterVerdict(read.value);
      playTone('warning');
    });
    return () => {
      release();
      off();
    };
  }, [reelId, position, decision]);

  const check = useCallback(
    async (input: { position: number; identifiers: Read[]; captureSha256?: string }) => {
      if (!reelId) return;
      setBusy(true);
      setError(undefined);
      try {
        const result = await checkSample.mutateAsync({ reelId, ...input });
        setLast({ kind: 'result', result });
        playTone(result.pass ? 'saved' : 'error');
      } catch (e) {
        if (e instanceof StationError && e.code === StationErrorCode.offline) {
          setLast({ kind: 'kept', position: input.position });
          playTone('warning');
        } else {
          setError(e);
          playTone('error');
        }
      } finally {
        setReads([]);
        setUnfitted([]);
        setCapture(undefined);
        setChosen(undefined);
        setBusy(false);
        await refresh();
      }
    },
    [reelId, refresh, checkSample.mutateAsync],
  );

  const complete =
    position !== undefined &&
    composition.every((c) => reads.some((r) => r.tagType === c)) &&
    (!expectsSvc || capture !== undefined) &&
    (reads.length > 0 || capture !== undefined);
  useEffect(() => {
    if (complete && !busy && position !== undefined) void check({ position, identifiers: reads, ...(capture ? { captureSha256: capture.sha256 } : {}) });
  }, [complete, busy, position, reads, capture, check]);

  // Space or the pedal (F12) captures, as on the bench.
  useEffect(() => {
    if (!expectsSvc || position === undefined) return undefined;
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || typingIntoField(event.target)) return;
      if (event.key !== ' ' && event.key !== 'F12') return;
      if (event.key === ' ' && (event.target as HTMLElement | null)?.tagName === 'BUTTON') return;
      event.preventDefault();
      captureRef.current?.();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [expectsSvc, position]);

  const draw = async () => {
    if (!reelId) return;
    if (
      verification &&
      verification.verdict.inspected > 0 &&
      !(await askToConfirm({ message: t('verify.confirmNew', { count: verification.verdict.inspected }), confirm: t('verify.draw') }))
    )
      return;
    setBusy(true);
    setError(undefined);
    setLast(undefined);
    try {
      const chosenAql = aql === '' ? undefined : Number(aql);
      await planSample.mutateAsync({
        reelId,
        ...(chosenAql === undefined ? {} : { aql: chosenAql }),
        ...(seed.trim() === '' ? {} : { seed: Number(seed) }),
      });
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
      await refresh();
    }
  };

  const checkKept = async () => {
    for (const sample of samples.filter((s) => s.state === 'kept')) await check({ position: sample.position, identifiers: [] });
  };

  const kept = samples.filter((s) => s.state === 'kept').length;
  const checked = samples.filter((s) => s.result !== null && (s.state === 'pass' || s.state === 'fail'));
  const finalFails = checked.some((s) => s.state === 'fail' && s.result?.retry !== true);
  const missing = composition.filter((c) => !reads.some((r) => r.tagType === c));
  const retryable = samples.filter((s) => s.state === 'fail' && s.result?.retry === true).map((s) => s.position);
  return (
    <section aria-labelledby="verify-title" className="stack" data-testid="verify">
      <h2 id="verify-title">{t('verify.title')}</h2>
      <ReelPicker reelId={reelId} pick={pick} />
      {reelId && !online ? (
        <p className="offline-note" role="status" data-testid="verify-offline">
          {t('verify.offline')}
        </p>
      ) : null}
      <ErrorNote error={state.error} />
      {reelId ? (
        <form
          className="toolbar"
          onSubmit={(e) => {
            e.preventDefault();
            void draw();
          }}
        >
          <label htmlFor={aqlId}>{t('verify.aql')}</label>
          <select id={aqlId} value={aql} onChange={(e) => setAql(e.target.value)}>
            <option value="">{t('verify.aqlDefault', { aql: settings.data ? format.number(settings.data.aql) : '…' })}</option>
            {settings.data?.aqls.map((value) => (
              <option key={value} value={String(value)}>
                {format.number(value)}
              </option>
            ))}
          </select>
          <label htmlFor={seedId}>{t('verify.seed')}</label>
          <input
            id={seedId}
            inputMode="numeric"
            pattern="[0-9]*"
            value={seed}
            onChange={(e) => setSeed(e.target.value)}
            placeholder={t('verify.seedRandom')}
            size={12}
          />
          <button type="submit" disabled={busy}>
            {t('verify.draw')}
          </button>
        </form>
      ) : null}
      <ErrorNote error={error} />
      {verification && reelId ? (
        <>
          <p data-testid="verify-plan">{planText(t, verification.plan)}</p>
          {/* The seed is for drawing the same sample again (an audit), not for the bench: behind a disclosure. */}
          <Details label={t('verify.seedDetails')} testId="verify-seed">
            <p>{t('verify.seedNote', { seed: verification.plan.seed })}</p>
          </Details>
          {verification.plan.notOnService > 0 ? <p className="hint">{t('verify.notOnService', { count: verification.plan.notOnService })}</p> : null}
          <p
            className={`verdict verdict-${verification.verdict.decision}`}
            data-testid="verify-verdict"
            data-decision={verification.verdict.decision}
            role="status"
          >
            {verdictText(t, verification.verdict, verification.plan)}
          </p>
          <ul className="sample-list" aria-label={t('verify.samples')} data-testid="verify-samples">
            {samples.map((sample) => (
              <li key={sample.position}>
                <button
                  type="button"
                  className={`state-${sample.state}`}
                  data-testid={`sample-${sample.position}`}
                  data-state={sample.state}
                  aria-current={sample.position === position ? 'true' : undefined}
                  aria-label={t('verify.sampleLabel', { position: sample.position, state: t(`verify.state.${sample.state}`) })}
                  title={sample.result ? sampleMessage(t, sample.result) : t(`verify.state.${sample.state}`)}
                  onClick={() => setChosen(sample.position)}
                  disabled={!open(sample.position)}
                  aria-describedby={sample.state === 'fail' && sample.result?.retry !== true ? 'verify-final-note' : undefined}
                >
                  {sample.position}
                </button>
              </li>
            ))}
          </ul>
          {finalFails ? (
            <p id="verify-final-note" className="hint" data-testid="verify-final-note">
              {t('verify.finalNote')}
            </p>
          ) : null}
          {checked.length ? (
            <DataTable
              label={t('verify.checkedTable')}
              compact
              testId="verify-checked"
              rows={checked}
              rowKey={(s) => s.position}
              rowClassName={(s) => (s.state === 'fail' ? 'row-blocked' : undefined)}
              columns={[
                { key: 'position', header: t('verify.position'), numeric: true, cell: (s) => s.position },
                { key: 'state', header: t('verify.result'), cell: (s) => `${s.state === 'pass' ? '✓' : '✖'} ${t(`verify.state.${s.state}`)}` },
                { key: 'why', header: t('verify.finding'), cell: (s) => (s.result ? sampleMessage(t, s.result) : '') },
                {
                  key: 'next',
                  header: t('verify.next'),
                  cell: (s) => (s.state === 'pass' ? '–' : s.result?.retry === true ? t('verify.nextRetry') : t('verify.nextFinal')),
                },
              ]}
            />
          ) : null}
          {last ? (
            <p
              className={`verify-result ${last.kind === 'kept' ? 'kept' : last.result.pass ? 'pass' : 'fail'}`}
              data-testid="verify-result"
              data-outcome={last.kind === 'kept' ? 'kept' : last.result.outcome}
              role="alert"
            >
              {last.kind === 'kept' ? t('verify.kept', { position: last.position }) : sampleMessage(t, last.result)}
              {last.kind === 'result' && last.result.code ? (
                <>
                  {' '}
                  <code>{last.result.code}</code>
                </>
              ) : null}
              {last.kind === 'result' && last.result.requestId ? <RequestId requestId={last.result.requestId} /> : null}
            </p>
          ) : null}
          {position !== undefined ? (
            <div className="card stack">
              <div className="position" aria-live="polite">
                <span className="position-label">{t('verify.scanPosition')}</span>
                <output className="position-number" data-testid="verify-position">
                  {position}
                </output>
              </div>
              <p className="hint">
                {t('verify.scanWhat', { types: composition.join(', ') || t('verify.anyValue') })}
                {expectsSvc ? ` ${t('verify.scanMarking')}` : ''}
              </p>
              <ul className="verify-reads" aria-label={t('verify.reads')} data-testid="verify-reads">
                {reads.map((r) => (
                  <li key={`${r.tagType}:${r.value}`} className="tag">
                    {r.tagType}: <span className="mono">{r.value}</span>
                  </li>
                ))}
                {capture ? (
                  <li className="tag" data-testid="verify-capture">
                    {t('verify.captured')}
                  </li>
                ) : null}
                {missing.map((c) => (
                  <li key={`missing-${c}`} className="tag hint">
                    {t('verify.waitingFor', { tagType: c })}
                  </li>
                ))}
              </ul>
              {unfitted.length ? (
                <ul className="stack verify-unfitted" aria-label={t('verify.unfittedTitle')} data-testid="verify-unfitted">
                  {unfitted.map((u) => (
                    <li key={u.value} className="warning-note">
                      {t(`verify.unfitted.${u.reason}`, { value: u.value })}
                    </li>
                  ))}
                </ul>
              ) : null}
              {refused ? (
                <p className="error-note" role="alert" data-testid="verify-capture-refused">
                  {t('verify.captureRefused', { reasons: refused.join('; ') })}
                </p>
              ) : null}
              {expectsSvc ? <CameraPanel key={reelId} register={(fn) => (captureRef.current = fn)} /> : null}
              <div className="toolbar">
                {expectsSvc ? (
                  <button type="button" onClick={() => captureRef.current?.()} aria-keyshortcuts="Space F12">
                    {t('verify.capture')} <kbd>Space / F12</kbd>
                  </button>
                ) : null}
                <button
                  type="button"
                  disabled={busy || (reads.length === 0 && !capture)}
                  onClick={() => void check({ position, identifiers: reads, ...(capture ? { captureSha256: capture.sha256 } : {}) })}
                >
                  {t('verify.checkNow')}
                </button>
                <button
                  type="button"
                  onClick={() => {
                    setReads([]);
                    setUnfitted([]);
                    setCapture(undefined);
                  }}
                >
                  {t('verify.clear')}
                </button>
              </div>
            </div>
          ) : decision !== 'pending' ? (
            <div className={`card stack verify-decided verify-decided-${decision}`} data-testid="verify-decided">
              <p className="verify-decided-what">{decidedText(t, verification)}</p>
              <p>{t(`verify.decided.next.${decision}`)}</p>
              {decision === 'reject' && retryable.length ? (
                <p className="hint">{t('verify.decided.retry', { count: retryable.length, positions: retryable.map(String) })}</p>
              ) : null}
              {afterVerdict !== undefined ? (
                <p className="warning-note" role="alert" data-testid="verify-after-verdict">
                  {t('verify.decided.scanAfter', { value: afterVerdict })}
                </p>
              ) : null}
            </div>
          ) : (
            <p>{t('verify.allScanned')}</p>
          )}
          <div className="toolbar">
            {kept > 0 ? (
              <button type="button" disabled={!online || busy} onClick={() => void checkKept()} data-testid="check-kept">
                {t('verify.checkKept', { count: kept })}
              </button>
            ) : null}
            <button type="button" onClick={() => openReport(reelId)}>
              {t('verify.openReport')}
            </button>
          </div>
        </>
      ) : reelId && state.data ? (
        <p>{t('verify.noPlan')}</p>
      ) : null}
    </section>
  );
}
