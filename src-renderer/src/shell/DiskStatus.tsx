import { useTranslation } from 'react-i18next';
import type { StationStatus } from '../../../src-shared/ipc';
import { useFormat } from '../components/format';

// The data folder's disk in the shell (docs/storage.md): a term of the status bar, and a banner under it while the
// disk is full or below the floor. Both follow station.changed, which the station sends when the disk's state changes.

const diskState = (disk: NonNullable<StationStatus['disk']>) => (disk.full ? 'full' : disk.low ? 'low' : 'ok');

/** The status bar's "Disk" term: the free space (the Labels left are in its Details). */
export function DiskIndicator({ disk }: { disk: StationStatus['disk'] }) {
  const { t } = useTranslation();
  const format = useFormat();
  if (!disk) return null;
  const state = diskState(disk);
  return (
    <div>
      <dt>{t('storage.disk')}</dt>
      <dd data-testid="status-disk" data-state={state} className={state === 'ok' ? undefined : `disk-${state}`}>
        {state === 'ok' ? null : <span aria-hidden="true">⚠ </span>}
        {t('storage.diskFreeShort', { free: format.bytes(disk.free) })}
      </dd>
    </div>
  );
}

/** The disk in the status bar's Details: free space and Labels left. */
export function DiskDetails({ disk }: { disk: StationStatus['disk'] }) {
  const { t } = useTranslation();
  const format = useFormat();
  if (!disk) return null;
  return (
    <>
      <dt>{t('storage.disk')}</dt>
      <dd data-testid="status-disk-details">{t('storage.diskFree', { free: format.bytes(disk.free), labels: disk.labelsLeft })}</dd>
    </>
  );
}

/** Stays while the disk is full (a write failed for want of space) or below the floor; goes when room is back. */
export function DiskBanner({ status }: { status: StationStatus | undefined }) {
  const { t } = useTranslation();
  const format = useFormat();
  const disk = status?.disk;
  if (!status || !disk || !(disk.full || disk.low)) return null;
  const values = { dataDir: status.dataDir, free: format.bytes(disk.free), floor: format.bytes(disk.floor) };
  return (
    <div className={`disk-banner ${disk.full ? 'disk-banner-full' : 'disk-banner-low'}`} role={disk.full ? 'alert' : 'status'} data-testid="disk-banner">
      <strong>{disk.full ? t('storage.fullTitle') : t('storage.lowTitle')}</strong>{' '}
      <span>{disk.full ? t('storage.fullText', values) : t('storage.lowText', values)}</span> <span>{t('storage.whatToDo', values)}</span>
    </div>
  );
}
