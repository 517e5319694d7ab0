import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MovePreviewResponseSchema, type MovePreviewResponse } from '../../../../src-shared/api/move';
import type { Label } from '../../../../src-shared/api/labels';
import type { MoveInput } from '../../../../src-shared/ipc';
import { ErrorNote } from '../../components/ErrorNote';
import { useFormat } from '../../components/format';
import { useCommandMutation, useCommandQuery } from '../../query/use-command';

/** The same move: a preview (or a queued move) of `a` speaks for `b` only then. */
function sameMove(a: MoveInput | undefined, b: MoveInput | undefined): boolean {
  return a !== undefined && b !== undefined && JSON.stringify(a) === JSON.stringify(b);
}

function labelText(label: Label | null): string {
  if (!label) return '–';
  const value = label.name ?? label.members.find((m) => m.archivedAt === null && m.value)?.value ?? label.compositeTagId.slice(0, 8);
  return `#${label.position} · ${value}`;
}

/** The service's move preview as a table of what moves where, with the warnings that matter before moving. */
function MovePreview({ preview, input, targetName }: { preview: MovePreviewResponse; input: MoveInput; targetName: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  const from = preview.span?.fromPosition ?? input.fromPosition;
  const to = preview.span?.toPosition ?? input.toPosition ?? '…';
  const warnings: string[] = [];
  if (preview.count === 0) warnings.push(t('move.warnNothing'));
  if (preview.boundCount > 0) warnings.push(t('move.warnBound', { count: preview.boundCount }));
  if (preview.countMatches === false && input.expectedCount !== undefined)
    warnings.push(t('move.warnCount', { actual: preview.count, expected: input.expectedCount }));
  if (preview.countMatches === false && preview.suggestedLast) warnings.push(t('move.warnSuggested', { position: preview.suggestedLast.position }));
  if (preview.span && typeof to === 'number' && preview.count > 0 && preview.count < to - from + 1) warnings.push(t('move.warnGaps'));
  return (
    <div data-testid="move-preview">
      <table aria-label={t('move.previewResult')}>
        <tbody>
          <tr>
            <th scope="row">{t('move.previewSource')}</th>
            <td>{t('move.previewSourceValue', { from, to })}</td>
          </tr>
          <tr>
            <th scope="row">{t('move.previewTarget')}</th>
            <td>{targetName}</td>
          </tr>
          <tr>
            <th scope="row">{t('move.previewCount')}</th>
            <td data-testid="move-count">{format.number(preview.count)}</td>
          </tr>
          <tr>
            <th scope="row">{t('move.previewBound')}</th>
            <td>{format.number(preview.boundCount)}</td>
          </tr>
          <tr>
            <th scope="row">{t('move.previewFirst')}</th>
            <td>{labelText(preview.first)}</td>
          </tr>
          <tr>
            <th scope="row">{t('move.previewLast')}</th>
            <td>{labelText(preview.last)}</td>
          </tr>
          <tr>
            <th scope="row">{t('move.previewOutcome')}</th>
            <td>{t(`move.outcomes.${preview.predictedOutcome ?? 'unknown'}`)}</td>
          </tr>
        </tbody>
      </table>
      {warnings.length ? (
        <ul aria-label={t('move.warnings')}>
          {warnings.map((w) => (
            <li key={w} className="tag warning">
              ⚠ {w}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** Cuts a range of positions to a new or existing Reel; the preview (online) comes first and must match the inputs. */
export function MoveRange({ reelId }: { reelId: string }) {
  const { t } = useTranslation();
  const reels = useCommandQuery('reels.list', {});
  const preview = useCommandMutation('labels.movePreview');
  const move = useCommandMutation('labels.move', ['reels.show', 'reels.list', 'queue.list']);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [target, setTarget] = useState('');
  const [newName, setNewName] = useState('');
  const [expected, setExpected] = useState('');
  const input = ((): MoveInput | undefined => {
    if (!/^\d+$/.test(from)) return undefined;
    const dest = target ? { reelId: target } : newName ? { newReel: { name: newName } } : undefined;
    if (!dest) return undefined;
    return {
      reelId,
      fromPosition: Number(from),
      ...(/^\d+$/.test(to) ? { toPosition: Number(to) } : {}),
      target: dest,
      ...(/^\d+$/.test(expected) ? { expectedCount: Number(expected) } : {}),
    };
  })();
  const parsed = preview.data ? MovePreviewResponseSchema.safeParse(preview.data) : undefined;
  const fresh = parsed?.success === true && sameMove(preview.variables, input) ? parsed.data : undefined;
  const stale = preview.data !== undefined && fresh === undefined && !preview.isPending;
  const queuedHere = move.data !== undefined && sameMove(move.variables, input);
  const canMove = input !== undefined && fresh !== undefined && fresh.count > 0 && fresh.countMatches !== false && !queuedHere && !move.isPending;
  const targetName = target ? (reels.data?.reels.find((r) => r.reelId === target)?.name ?? target) : t('move.previewNewReel', { name: newName });
  return (
    <details className="card">
      <summary>{t('move.title')}</summary>
      <div className="form-grid">
        <label>
          {t('move.from')}
          <input inputMode="numeric" value={from} onChange={(e) => setFrom(e.target.value)} />
        </label>
        <label>
          {t('move.to')}
          <input inputMode="numeric" value={to} onChange={(e) => setTo(e.target.value)} />
        </label>
        <label>
          {t('move.expectedCount')}
          <input inputMode="numeric" value={expected} onChange={(e) => setExpected(e.target.value)} />
        </label>
        <label>
          {t('move.target')}
          <select value={target} onChange={(e) => setTarget(e.target.value)}>
            <option value="">{t('move.newReel')}</option>
            {reels.data?.reels
              .filter((r) => r.reelId !== reelId)
              .map((r) => (
                <option key={r.reelId} value={r.reelId}>
                  {r.name}
                </option>
              ))}
          </select>
        </label>
        {!target ? (
          <label>
            {t('move.newReelName')}
            <input value={newName} onChange={(e) => setNewName(e.target.value)} />
          </label>
        ) : null}
      </div>
      <div className="toolbar">
        <button type="button" disabled={!input || preview.isPending} onClick={() => input && preview.mutate(input)}>
          {t('move.preview')}
        </button>
        <button type="button" className="primary" disabled={!canMove} onClick={() => input && move.mutate(input)}>
          {t('move.commit')}
        </button>
      </div>
      {stale ? <p role="status">{t('move.stale')}</p> : null}
      {fresh && input ? <MovePreview preview={fresh} input={input} targetName={targetName} /> : null}
      {move.data ? <p role="status">✓ {t('move.queued')}</p> : null}
      <ErrorNote error={preview.error ?? move.error} />
    </details>
  );
}
