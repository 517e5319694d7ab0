import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BenchRange } from '../../../../src-shared/ipc/reels';
import { ErrorNote } from '../../components/ErrorNote';
import { useCommandMutation } from '../../query/use-command';

// This bench's range of a Reel split between benches (reels.setRange; docs/sync.md, "Benches sharing a Reel"): a
// setting of this station only. The Bench keeps to it and asks before saving outside it.

export function BenchRangeForm({ reelId, range }: { reelId: string; range: BenchRange | null }) {
  const { t } = useTranslation();
  const [first, setFirst] = useState(range ? String(range.first) : '');
  const [last, setLast] = useState(range ? String(range.last) : '');
  const save = useCommandMutation('reels.setRange', ['reels.show', 'reels.list']);
  const whole = (text: string) => (/^[0-9]+$/.test(text.trim()) ? Number(text.trim()) : undefined);
  const from = whole(first);
  const to = whole(last);
  const valid = from !== undefined && to !== undefined && from <= to;
  return (
    <details className="card" data-testid="bench-range-form">
      <summary>{t('reelMap.rangeTitle')}</summary>
      <p className="hint">{t('reelMap.rangeHint')}</p>
      <form
        className="stack"
        onSubmit={(event) => {
          event.preventDefault();
          if (valid) save.mutate({ reelId, range: { first: from, last: to } });
        }}
      >
        <div className="form-grid">
          <label>
            {t('reelMap.rangeFirst')}
            <input inputMode="numeric" value={first} onChange={(e) => setFirst(e.target.value)} />
          </label>
          <label>
            {t('reelMap.rangeLast')}
            <input inputMode="numeric" value={last} onChange={(e) => setLast(e.target.value)} />
          </label>
        </div>
        <div className="toolbar">
          <button type="submit" disabled={!valid || save.isPending}>
            {t('reelMap.rangeSave')}
          </button>
          <button
            type="button"
            disabled={range === null || save.isPending}
            onClick={() => {
              setFirst('');
              setLast('');
              save.mutate({ reelId, range: null });
            }}
          >
            {t('reelMap.rangeClear')}
          </button>
        </div>
      </form>
      {first && last && !valid ? <p className="hint">{t('reelMap.rangeInvalid')}</p> : null}
      <ErrorNote error={save.error} />
    </details>
  );
}
