import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { DiskStatus } from '../../../../src-shared/ipc';
import { ErrorNote } from '../../components/ErrorNote';
import { useFormat } from '../../components/format';
import { useCommandMutation, useCommandQuery } from '../../query/use-command';

const GB = 1_000_000_000;
const MB = 1_000_000;

/**
 * Settings → Storage (docs/storage.md): the disk, the captures kept, how long and how much of the images of Labels on
 * the service are kept, the floor below which new enrollments wait, and a prune on demand.
 */
export function StorageSettings({ liveDisk }: { liveDisk: DiskStatus | null | undefined }) {
  const { t } = useTranslation();
  const format = useFormat();
  const current = useCommandQuery('storage.get', {});
  const save = useCommandMutation('storage.set', ['storage.get']);
  const prune = useCommandMutation('storage.prune', ['storage.get']);
  const [keepDays, setKeepDays] = useState('');
  const [maxGb, setMaxGb] = useState('');
  const [floorMb, setFloorMb] = useState('');
  const info = current.data;
  // The disk as the status bar has it now (station.changed), else as read with the settings.
  const disk = liveDisk ?? info?.disk;
  useEffect(() => {
    if (!info) return;
    setKeepDays(String(info.keepDays));
    setMaxGb(info.maxBytes === null ? '' : String(info.maxBytes / GB));
    setFloorMb(String(Math.round(info.floorBytes / MB)));
  }, [info?.keepDays, info?.maxBytes, info?.floorBytes]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate({
      keepDays: Number(keepDays),
      maxBytes: maxGb.trim() === '' || Number(maxGb) === 0 ? null : Math.round(Number(maxGb) * GB),
      floorBytes: Math.round(Number(floorMb) * MB),
    });
  };
  return (
    <form onSubmit={submit} aria-labelledby="storage-title" className="card stack" data-testid="storage-settings">
      <h3 id="storage-title">{t('storage.title')}</h3>
      {info && disk ? (
        <p role="status" data-testid="storage-now">
          {t('storage.now', {
            count: info.captures.count,
            bytes: format.bytes(info.captures.bytes),
            free: format.bytes(disk.free),
            total: format.bytes(disk.total),
            labels: disk.labelsLeft,
          })}
        </p>
      ) : null}
      <p className="hint">{t('storage.hint')}</p>
      <div className="toolbar">
        <label>
          {t('storage.keepDays')}
          <input type="number" min={0} max={36500} step={1} required value={keepDays} onChange={(e) => setKeepDays(e.target.value)} />
        </label>
        <label>
          {t('storage.maxGb')}
          <input type="number" min={0} step="any" placeholder={t('storage.noCap')} value={maxGb} onChange={(e) => setMaxGb(e.target.value)} />
        </label>
        <label>
          {t('storage.floorMb')}
          <input type="number" min={0} step={1} required value={floorMb} onChange={(e) => setFloorMb(e.target.value)} />
        </label>
        <button type="submit" disabled={save.isPending}>
          {t('storage.save')}
        </button>
        <button type="button" disabled={prune.isPending} onClick={() => prune.mutate({})}>
          {t('storage.prune')}
        </button>
      </div>
      {save.isSuccess ? <p className="ok-note">{t('storage.saved')}</p> : null}
      {prune.data?.pruned ? (
        <p className="ok-note" data-testid="storage-pruned">
          {t('storage.pruned', { count: prune.data.pruned.count, bytes: format.bytes(prune.data.pruned.bytes) })}
        </p>
      ) : null}
      {current.error ? <ErrorNote error={current.error} /> : null}
      {save.error ? <ErrorNote error={save.error} /> : null}
      {prune.error ? <ErrorNote error={prune.error} /> : null}
    </form>
  );
}
