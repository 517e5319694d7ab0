import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Plain words first, the raw text behind "Details" (docs/architecture.md, "Renderer"): a disclosure the
 * keyboard opens (the platform's `<details>`: Tab reaches "Details", Enter or Space opens and closes it).
 * For what a shift lead quotes to support: errno and driver texts, PC/SC codes, a request's method and path.
 */
export function Details({ children, label, testId }: { children: ReactNode; label?: string; testId?: string }) {
  const { t } = useTranslation();
  return (
    <details className="details-toggle" data-testid={testId}>
      <summary>{label ?? t('common.details')}</summary>
      <div className="details-body">{children}</div>
    </details>
  );
}
