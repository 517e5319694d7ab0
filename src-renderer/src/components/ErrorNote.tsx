import { useTranslation } from 'react-i18next';
import { StationError } from '../../../src-shared/ipc/station-error';
import { useStationConnection } from '../use-status';
import { Details } from './Details';
import { RequestId } from './RequestId';
import { deviceProblemKey } from './device-problem';
import { sayError } from './say-error';

/** An attention item's (or a Label's) reason as an error: its code, the English reason as the message, its detail. */
export function attentionError(attention: {
  reason: string;
  code: string;
  status?: number | null;
  requestId: string | null;
  detail?: Record<string, unknown>;
}) {
  return new StationError({
    code: attention.code,
    message: attention.reason,
    ...(attention.status ? { status: attention.status } : {}),
    ...(attention.requestId ? { requestId: attention.requestId } : {}),
    ...(attention.detail ? { detail: attention.detail } : {}),
  });
}

/**
 * An error in words, with its code and request id so the operator can quote them. Every error is said in the UI's
 * language from its code (a device's trouble from its device code, the rest from the catalogs' `errors`, filled from
 * the error's detail); the station's own English text, the HTTP status and the detail are under "Details".
 */
export function ErrorNote({ error, live = true, testId }: { error: unknown; live?: boolean; testId?: string }) {
  const { t, i18n } = useTranslation();
  const connection = useStationConnection();
  if (!error) return null;
  // One box per problem: while the page has lost its station, the shell's banner says so (shell/StationLostBanner.tsx);
  // a command that met no station says nothing more.
  if (connection === 'lost' && error instanceof StationError && error.code === 'STATION_UNREACHABLE') return null;
  const message = error instanceof Error ? error.message : String(error);
  const station = error instanceof StationError ? error : undefined;
  const code = station?.code;
  const deviceKey = code ? deviceProblemKey(code) : undefined;
  const words = deviceKey ? t(deviceKey) : sayError(t, i18n, code, station?.detail);
  const raw: string[] = [message];
  if (station?.status !== undefined) raw.push(`HTTP ${station.status}`);
  if (station?.detail !== undefined) raw.push(JSON.stringify(station.detail, null, 2));
  return (
    <div className="error-note" role={live ? 'alert' : undefined} data-testid={testId} data-code={code}>
      <span aria-hidden="true">✖ </span>
      <span className="message">{words}</span>
      {code ? (
        <code className="code" data-testid={testId ? `${testId}-code` : undefined}>
          {code}
        </code>
      ) : null}
      {station?.requestId ? <RequestId requestId={station.requestId} /> : null}
      {raw.length > 0 ? (
        <Details testId="error-details">
          <pre className="raw">{raw.join('\n')}</pre>
        </Details>
      ) : null}
    </div>
  );
}
