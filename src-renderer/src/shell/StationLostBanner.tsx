import { useTranslation } from 'react-i18next';
import type { StationConnection } from '../station-client';

/**
 * Says at once when the page has lost its station (the web host stopped, the connection closed): nothing is saved
 * and no scan is used until it is back, and the page goes on by itself then (station-client.ts, `StationConnection`).
 */
export function StationLostBanner({ connection }: { connection: StationConnection }) {
  const { t } = useTranslation();
  if (connection !== 'lost') return null;
  return (
    <div className="station-lost" role="alert" data-testid="station-lost">
      <span aria-hidden="true">✖ </span>
      {t('app.stationLost')}
    </div>
  );
}
