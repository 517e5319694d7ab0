import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LabelView } from '../../../../src-shared/ipc/reels';
import { playTone } from '../../components/sounds';
import { station } from '../../station-client';

// The Bench is told at once when a Label it saved lands in attention (docs/sync.md, "What the operator sees"): the
// core's `labels.attention` event names the position and why; the notice says what to do, with the warning tone, and
// stays until the operator acknowledges it or its cause ends: a Label the Reel's read showed in attention and now shows
// settled (retried, re-placed or discarded on the Queue) is no longer named. Labels of the Reel already in attention
// when the Bench opens are named too.

interface Notice {
  labelId: string;
  position: number;
  code: string;
}

/** The Reel's saved Labels in attention: heard from the core at once, or in attention when the Reel was read. */
export function useAttentionNotices(reelId: string | undefined, labels: readonly LabelView[]) {
  const [heard, setHeard] = useState<Notice[]>([]);
  const [seen, setSeen] = useState<ReadonlySet<string>>(new Set());
  // Labels a read of the Reel showed in attention, or the core said went there (with the read shown then): once a later
  // read shows one otherwise, it was settled.
  const inAttention = useRef(new Map<string, readonly LabelView[] | null>());
  const labelsNow = useRef(labels);
  labelsNow.current = labels;
  useEffect(() => {
    setHeard([]);
    return station.on('labels.attention', (event) => {
      if (event.reelId !== reelId) return;
      playTone('warning');
      inAttention.current.set(event.labelId, labelsNow.current);
      setHeard((list) => [{ labelId: event.labelId, position: event.position, code: event.code }, ...list.filter((n) => n.labelId !== event.labelId)]);
      setSeen((set) => new Set([...set].filter((id) => id !== event.labelId)));
    });
  }, [reelId]);
  const notices = useMemo(() => {
    const fromReel = labels
      .filter((l) => l.state === 'attention' && l.origin === 'here' && l.attention)
      .map((l) => ({ labelId: l.labelId, position: l.position, code: l.attention?.code ?? '' }));
    for (const l of fromReel) inAttention.current.set(l.labelId, null);
    const settled = new Set(
      labels
        .filter((l) => {
          const since = inAttention.current.get(l.labelId);
          return l.state !== 'attention' && since !== undefined && since !== labels;
        })
        .map((l) => l.labelId),
    );
    const all = [...heard, ...fromReel.filter((l) => !heard.some((n) => n.labelId === l.labelId))];
    return all.filter((n) => !seen.has(n.labelId) && !settled.has(n.labelId));
  }, [heard, labels, seen]);
  return { notices, dismiss: () => setSeen((set) => new Set([...set, ...notices.map((n) => n.labelId)])) };
}

export function AttentionNotice({ notices, dismiss }: ReturnType<typeof useAttentionNotices>) {
  const { t } = useTranslation();
  if (notices.length === 0) return null;
  return (
    <div className="feedback level-warning attention-notice" role="alert" data-testid="bench-attention">
      <span className="icon" aria-hidden="true">
        ⚠
      </span>
      <ul>
        {notices.map((n) => (
          <li key={n.labelId} data-testid="bench-attention-item" data-position={n.position} data-code={n.code}>
            {n.code === 'STATION_POSITION_TAKEN' ? t('bench.attentionTaken', { position: n.position }) : t('bench.attentionOther', { position: n.position })}{' '}
            <code>{n.code}</code>
          </li>
        ))}
      </ul>
      <span className="attention-actions">
        <a href="#/queue">{t('bench.attentionOpenQueue')}</a>
        <button type="button" onClick={dismiss}>
          {t('bench.attentionDismiss')}
        </button>
      </span>
    </div>
  );
}
