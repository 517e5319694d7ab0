import { useTranslation } from 'react-i18next';
import { StationError } from '../../../src-shared/ipc';

/** An error in words, with its code and request id so the operator can quote them. */
export function ErrorNote({ error }: { error: unknown }) {
  const { t } = useTranslation();
  if (!error) return null;
  const message = error instanceof Error ? error.message : String(error);
  const code = error instanceof StationError ? error.code : undefined;
  const requestId = error instanceof StationError ? error.requestId : undefined;
  return (
    <div className="error-note" role="alert">
      <span aria-hidden="true">✖ </span>
      <span className="message">{message}</span>
      {code ? <code className="code">{code}</code> : null}
      {requestId ? <span className="request-id">{t('common.requestId', { requestId })}</span> : null}
    </div>
  );
}
