import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MoveInput } from '../../../../src-shared/ipc';
import { ErrorNote } from '../../components/ErrorNote';
import { NotAvailable, served } from '../../components/NotAvailable';
import { useCommandMutation, useCommandQuery } from '../../query/use-command';

/** Cuts a range of positions to a new or existing Reel; the preview (online) comes first. */
export function MoveRange({ reelId }: { reelId: string }) {
  const { t } = useTranslation();
  const reels = useCommandQuery('reels.list', {});
  const preview = useCommandMutation('labels.movePreview');
  const move = useCommandMutation('labels.move', ['reels.show', 'reels.list', 'queue.list']);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [target, setTarget] = useState('');
  const [newName, setNewName] = useState('');
  const input = (): MoveInput | undefined => {
    if (!/^\d+$/.test(from)) return undefined;
    const dest = target ? { reelId: target } : newName ? { newReel: { name: newName } } : undefined;
    if (!dest) return undefined;
    return { reelId, fromPosition: Number(from), ...(/^\d+$/.test(to) ? { toPosition: Number(to) } : {}), target: dest };
  };
  const ready = input() !== undefined;
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
          {t('move.target')}
          <select value={target} onChange={(e) => setTarget(e.target.value)}>
            <option value="">{t('move.newReel')}</option>
            {reels.data?.reels.filter((r) => r.reelId !== reelId).map((r) => (
              <option key={r.reelId} value={r.reelId}>{r.name}</option>
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
        <button type="button" disabled={!ready || !served('labels.movePreview')} onClick={() => { const i = input(); if (i) preview.mutate(i); }}>{t('move.preview')}</button>
        <button type="button" className="primary" disabled={!ready || !preview.data || !served('labels.move')} onClick={() => { const i = input(); if (i) move.mutate(i); }}>{t('move.commit')}</button>
      </div>
      {preview.data ? <pre className="preview" aria-label={t('move.previewResult')}>{JSON.stringify(preview.data, null, 2)}</pre> : null}
      {move.data ? <p role="status">✓ {t('move.queued', { opId: move.data.opId })}</p> : null}
      {!served('labels.move') ? <NotAvailable command="labels.move" /> : null}
      <ErrorNote error={preview.error ?? move.error} />
    </details>
  );
}
