import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Plain words first, the raw text behind "Details" (docs/architecture.md, "Renderer"): a disclosure the
 * keyboard opens (the platform's `<details>`: Tab reaches "Details", Enter or Space opens and closes it).
 * For what a shift lead quotes to support: errno and driver texts, PC/SC codes, a request's method and path.
 */
export function Details({ children, label, testId, lazy }: { children: ReactNode; label?: string; testId?: string; lazy?: boolean }) {
  const { t } = useTranslation();
  // `lazy`: what is behind it is drawn only once opened (a row of a long list read again every few seconds).
  const [opened, setOpened] = useState(!lazy);
  return (
    <details className="details-toggle" data-testid={testId} onToggle={lazy ? (e) => e.currentTarget.open && setOpened(true) : undefined}>
      <summary>{label ?? t('common.details')}</summary>
      {opened ? <div className="details-body">{children}</div> : null}
    </details>
  );
}
