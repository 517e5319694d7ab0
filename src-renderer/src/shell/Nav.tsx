import { useTranslation } from 'react-i18next';
import { SCREENS, type ScreenId } from './screens';

export function Nav({ current, go, attention }: { current: ScreenId; go: (screen: ScreenId) => void; attention: number }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('nav.label')} className="nav">
      <ul>
        {SCREENS.map((id) => (
          <li key={id}>
            <a
              href={`#/${id}`}
              aria-current={current === id ? 'page' : undefined}
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
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
