import { useTranslation } from 'react-i18next';

/**
 * On the Bench: other benches took some of this bench's Labels on the open Reel off their positions, learnt at a
 * refresh (docs/sync.md, "Every bench knows"). Said in a line, with the way to the Queue's "From other benches", where
 * they are listed and put away; gone once they are.
 */
export function TakenElsewhereNotice({ count }: { count: number }) {
  const { t } = useTranslation();
  if (count <= 0) return null;
  return (
    <p className="warning-note" role="note" data-testid="bench-taken-elsewhere">
      <span aria-hidden="true">↪ </span>
      {t('queue.notices.onThisReel', { count })} <a href="#/queue">{t('queue.notices.open')}</a>
    </p>
  );
}
