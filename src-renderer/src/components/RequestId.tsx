import { useTranslation } from 'react-i18next';
import { Breakable } from './Breakable';

/**
 * "request id 5f0c…" in the UI's language, for support to quote. In a narrow cell the id breaks after its hyphens
 * (anywhere only when a piece is still too long), the words beside it never: "Anfrage-ID" stays one word
 * (docs/architecture.md, "Renderer", layout rules). The words are the catalog's `common.requestId`, split at the id.
 */
export function RequestId({ requestId }: { requestId: string }) {
  const { t } = useTranslation();
  const text = t('common.requestId', { requestId });
  const at = text.indexOf(requestId);
  if (at < 0) return <span className="request-id">{text}</span>;
  const before = text.slice(0, at);
  const after = text.slice(at + requestId.length);
  return (
    <span className="request-id">
      {before.trim() ? <span className="request-id-label">{before.trimEnd()}</span> : null}
      {before.slice(before.trimEnd().length)}
      <span className="request-id-value">
        <Breakable text={requestId} />
      </span>
      {after.slice(0, after.length - after.trimStart().length)}
      {after.trim() ? <span className="request-id-label">{after.trimStart()}</span> : null}
    </span>
  );
}
