import { useTranslation } from 'react-i18next';
import { SCREENS, type ScreenId } from './screens';
import type { QueueCounts } from '../../../src-shared/ipc';
import { useLiveQueueCounts } from '../use-status';

/**
 * The main navigation. `current` is the screen the operator chose: marked at once, and busy (`aria-busy`, a pending
 * style) while `shown` is still the last screen and the chosen one's chunks load (use-route.ts). Pointing at or
 * focusing an entry starts loading its screen, so the click usually finds it loaded.
 */
export function Nav({
  current,
  shown,
  go,
  preload,
  queue,
  notices = 0,
}: {
  current: ScreenId;
  shown: ScreenId;
  go: (screen: ScreenId) => void;
  preload: (screen: ScreenId) => void;
  /** The status's queue counts (the Queue's entry shows those that need a person, live). */
  queue: QueueCounts | undefined;
  /** This bench's Labels other benches took off their positions, not yet put away (the status's `notices`). */
  notices?: number;
}) {
  const { t } = useTranslation();
  const attention = useLiveQueueCounts(queue)?.attention ?? 0;
  return (
    <nav aria-label={t('nav.label')} className="nav">
      <ul>
        {SCREENS.map((id) => (
          <li key={id}>
            <a
              href={`#/${id}`}
              aria-current={current === id ? 'page' : undefined}
              aria-busy={current === id && shown !== id ? true : undefined}
              onPointerEnter={() => preload(id)}
              onFocus={() => preload(id)}
              onClick={(e) => {
                e.preventDefault();
                go(id);
              }}
            >
              {/* The bold width is kept for every entry (styles.css, .nav-text), so the nav fits whichever is current. */}
              <span className="nav-text" data-text={t(`nav.${id}`)}>
                {t(`nav.${id}`)}
              </span>
              {id === 'queue' && attention > 0 ? (
                <span className="badge" aria-label={t('nav.attentionBadge', { count: attention })}>
                  ⚠ {attention}
                </span>
              ) : null}
              {/* What a refresh learnt of this bench's Labels (docs/sync.md, "Every bench knows"): the Queue lists them. */}
              {id === 'queue' && notices > 0 ? (
                <span className="badge badge-info" aria-label={t('queue.notices.badge', { count: notices })} data-testid="nav-queue-notices">
                  ↪ {notices}
                </span>
              ) : null}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
