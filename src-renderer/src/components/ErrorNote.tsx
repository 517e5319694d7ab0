import { useTranslation } from 'react-i18next';
import { StationError } from '../../../src-shared/ipc/station-error';
import { Details } from './Details';
import { deviceProblemKey } from './device-problem';

/**
 * An error in words, with its code and request id so the operator can quote them. A device's error (serial port
 * busy, reader gone…) is said in a sentence from its code; the station's own text, the HTTP status and the
 * service's detail are under "Details".
 */
export function ErrorNote({ error }: { error: unknown }) {
  const { t } = useTranslation();
  if (!error) return null;
  const message = error instanceof Error ? error.message : String(error);
  const station = error instanceof StationError ? error : undefined;
  const code = station?.code;
  const deviceKey = code ? deviceProblemKey(code) : undefined;
  const words = deviceKey ? t(deviceKey) : message;
  const raw: string[] = [];
  if (deviceKey) raw.push(message);
  if (station?.status !== undefined) raw.push(`HTTP ${station.status}`);
  if (station?.detail !== undefined) raw.push(JSON.stringify(station.detail, null, 2));
  return (
    <div className="error-note" role="alert">
      <span aria-hidden="true">✖ </span>
      <span className="message">{words}</span>
      {code ? <code className="code">{code}</code> : null}
      {station?.requestId ? <span className="request-id">{t('common.requestId', { requestId: station.requestId })}</span> : null}
      {raw.length > 0 ? (
        <Details testId="error-details">
          <pre className="raw">{raw.join('\n')}</pre>
        </Details>
      ) : null}
    </div>
  );
}
