import type { TFunction } from 'i18next';
import { DataTable } from '../../components/DataTable';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TagType } from '../../../../src-shared/api/common';
import { TAG_TYPES } from '../../../../src-shared/api/tag-types';
import type { DeviceInfo, DeviceKind, DeviceStatus, StationStatus } from '../../../../src-shared/ipc';
import { Details } from '../../components/Details';
import { deviceStatusProblem } from '../../components/device-problem';
import { ErrorNote } from '../../components/ErrorNote';
import { useFormat } from '../../components/format';
import { useCommandMutation, useCommandQuery } from '../../query/use-command';
import { station } from '../../station-client';
import { claimReads } from '../../shell/read-notice';
import { CameraSettings } from './CameraSettings';
import { LayoutTest } from './LayoutTest';
import { PrintersPanel } from './printers/PrintersPanel';
import { SerialForm } from './SerialForm';

// Devices: health, a test-read log, which device feeds which slot,
// serial scanners, the keyboard-wedge layout test, camera settings (choice, quality gate
// thresholds, focus/exposure/zoom), and the virtual devices for demos and tests. Keyboard-wedge
// scans reach the log and a test read like any device's reads (the app-wide wedge capture,
// shell/wedge-capture.ts).

interface LogEntry {
  at: string;
  device: string;
  text: string;
  /** A read not taken: its code, small after the words (the station's English reason stays in the log and the CLI). */
  code?: string;
  ok: boolean;
}

const STATE_MARK = { connected: '●', reading: '◉', disconnected: '○', error: '✖' } as const;
const LOG_SIZE = 50;

/**
 * A device's name as the UI says it: the station's own devices (the keyboard wedge, the virtual ones, the PC/SC
 * service, HID, the cameras, a serial port) by the catalog's words, a reader or camera by its product's name. Its id
 * is shown only under "IDs for support".
 */
function deviceName(d: { id: string; transport: string; name: string; serial?: { path: string } | undefined }, t: TFunction): string {
  if (d.transport === 'keyboard') return t('devices.wedgeName');
  if (d.id === 'virtual:scanner') return t('devices.names.virtualScanner');
  if (d.transport === 'virtual' && d.id.startsWith('virtual:')) return t('devices.names.virtualNfc');
  if (d.id === 'pcsc') return t('devices.names.pcsc');
  if (d.id === 'hid') return t('devices.names.hid');
  if (d.id === 'camera') return t('devices.names.cameras');
  if (d.transport === 'serial' && d.serial) return t('devices.names.serial', { path: d.serial.path });
  return d.name;
}

/** "Scanner · seriell", once when both words are the same ("Kamera", not "Kamera · Kamera"). */
function kindWords(d: { kind: string; transport: string }, t: TFunction): string {
  const kind = t(`devices.kinds.${d.kind}`);
  const transport = t(`devices.transports.${d.transport}`);
  return kind === transport ? kind : `${kind} · ${transport}`;
}

export function DevicesScreen({ status }: { status: StationStatus | undefined }) {
  const { t } = useTranslation();
  const format = useFormat();
  const list = useCommandQuery('devices.list', {});
  const assign = useCommandMutation('devices.assignRole', ['devices.list']);
  const testRead = useCommandMutation('devices.testRead');
  const inject = useCommandMutation('devices.inject');
  const remove = useCommandMutation('devices.removeSerial', ['devices.list']);
  const camera = useCommandQuery('camera.status', {});
  const [log, setLog] = useState<LogEntry[]>([]);
  const [editing, setEditing] = useState<DeviceInfo>();
  const [serialMessage, setSerialMessage] = useState('');
  const [scan, setScan] = useState('');
  const [uid, setUid] = useState('');

  useEffect(() => {
    const add = (entry: LogEntry) => setLog((l) => [entry, ...l].slice(0, LOG_SIZE));
    // The read log is where a read made here goes (shell/read-notice.ts): the Bench leaves it alone.
    const release = claimReads();
    const offRead = station.on('devices.read', (r) => add({ at: r.at, device: r.device, text: `${t(`tagTypes.${r.tagType}`)}: ${r.value}`, ok: true }));
    const offRejected = station.on('devices.readRejected', (r) =>
      add({ at: r.at, device: r.device, text: t(`devices.readRejected.${r.code}`, { bytes: r.bytes }), code: r.code, ok: false }),
    );
    return () => {
      release();
      offRead();
      offRejected();
    };
    // The log's entries keep the words they were made with.
  }, []);

  const nameOf = (id: string) => {
    const device = list.data?.devices.find((d) => d.id === id);
    return device ? deviceName(device, t) : id;
  };
  const virtualShown = status?.profile?.kind === 'sandbox' || list.data?.devices.some((d) => d.transport === 'virtual');

  return (
    <section aria-labelledby="devices-title" className="stack">
      <h2 id="devices-title">{t('devices.title')}</h2>
      <ErrorNote error={list.error ?? assign.error ?? testRead.error ?? remove.error} />
      <DataTable
        label={t('devices.table')}
        rows={list.data?.devices}
        rowKey={(d) => d.id}
        columns={[
          {
            key: 'name',
            header: t('devices.name'),
            rowHeader: true,
            cell: (d) => (
              <>
                {deviceName(d, t)}
                <Details label={t('devices.idsForSupport')}>
                  <span className="mono">{d.id}</span>
                </Details>
              </>
            ),
          },
          {
            key: 'kind',
            header: t('devices.kind'),
            cell: (d) => <>{kindWords(d, t)}</>,
          },
          {
            key: 'health',
            header: t('devices.health'),
            cellClassName: (d) => `health health-${d.status.state}`,
            cell: (d) => (
              <>
                <span aria-hidden="true">{STATE_MARK[d.status.state]} </span>
                {t(`devices.states.${d.status.state}`)}
                <DeviceProblem status={d.status} kind={d.kind} />
                {d.wedgeLayout && !d.wedgeLayout.ok ? <div className="hint">⚠ {t('devices.layoutWrong')}</div> : null}
              </>
            ),
          },
          {
            key: 'role',
            header: t('devices.role'),
            cell: (d) => (
              <>
                <select
                  aria-label={t('devices.roleOf', { name: deviceName(d, t) })}
                  value={d.role ?? ''}
                  onChange={(e) => assign.mutate({ device: d.id, role: (e.target.value || null) as TagType | null })}
                >
                  <option value="">{t('devices.byType')}</option>
                  {TAG_TYPES.map((tt) => (
                    <option key={tt} value={tt}>
                      {t(`tagTypes.${tt}`)}
                    </option>
                  ))}
                </select>
              </>
            ),
          },
          {
            key: 'actions',
            header: t('common.actions'),
            className: 'actions',
            cell: (d) => (
              <>
                <button
                  type="button"
                  disabled={testRead.isPending}
                  onClick={() => testRead.mutate({ device: d.id, timeoutMs: 15_000 })}
                  aria-label={t('devices.testReadOf', { name: deviceName(d, t) })}
                >
                  {t('devices.testRead')}
                </button>
                {d.transport === 'serial' ? (
                  <>
                    {' '}
                    <button
                      type="button"
                      onClick={() => {
                        setSerialMessage('');
                        setEditing(d);
                      }}
                      aria-label={t('devices.editOf', { name: deviceName(d, t) })}
                    >
                      {t('devices.edit')}
                    </button>{' '}
                    <button
                      type="button"
                      disabled={remove.isPending}
                      aria-label={t('devices.removeOf', { name: deviceName(d, t) })}
                      onClick={() =>
                        remove.mutate(
                          { device: d.id },
                          {
                            onSuccess: () => {
                              if (editing?.id === d.id) setEditing(undefined);
                              setSerialMessage(t('devices.serial.removed', { path: d.serial?.path ?? d.id }));
                            },
                          },
                        )
                      }
                    >
                      {t('devices.remove')}
                    </button>
                  </>
                ) : null}
              </>
            ),
          },
        ]}
      />
      {testRead.isPending ? <p role="status">{t('devices.waitingForRead')}</p> : null}
      {testRead.data ? (
        <p role="status">{testRead.data.read ? `✓ ${t(`tagTypes.${testRead.data.read.tagType}`)}: ${testRead.data.read.value}` : t('devices.noRead')}</p>
      ) : null}

      <section className="card" aria-labelledby="devices-log">
        <h3 id="devices-log">{t('devices.log')}</h3>
        {log.length === 0 ? <p className="hint">{t('devices.logEmpty')}</p> : null}
        <ol className="log" aria-label={t('devices.log')} data-testid="device-log">
          {log.map((e, n) => (
            <li key={`${e.at}${n}`} className={e.ok ? '' : 'rejected'}>
              <span aria-hidden="true">{e.ok ? '✓' : '✖'} </span>
              <time dateTime={e.at}>{format.time(e.at)}</time> <span>{nameOf(e.device)}</span>: {e.text}
              {e.code ? <code className="code">{e.code}</code> : null}
            </li>
          ))}
        </ol>
      </section>

      <LayoutTest wedge={list.data?.devices.find((d) => d.transport === 'keyboard')} />

      <SerialForm
        key={editing?.id ?? 'new'}
        editing={editing}
        done={(message) => {
          setEditing(undefined);
          setSerialMessage(message);
        }}
      />
      {serialMessage ? (
        <p role="status" data-testid="serial-message">
          {serialMessage}
        </p>
      ) : null}

      {virtualShown ? (
        <section className="card" aria-labelledby="devices-virtual">
          <h3 id="devices-virtual">{t('devices.virtual')}</h3>
          <p className="hint">{t('devices.virtualHelp')}</p>
          <form
            className="toolbar"
            onSubmit={(e) => {
              e.preventDefault();
              inject.mutate({ device: 'virtual:scanner', data: scan });
            }}
          >
            <label>
              {t('devices.scanData')}
              <input value={scan} onChange={(e) => setScan(e.target.value)} required />
            </label>
            <button type="submit">{t('devices.injectScan')}</button>
          </form>
          <form
            className="toolbar"
            onSubmit={(e) => {
              e.preventDefault();
              inject.mutate({ device: 'virtual:nfc', data: uid });
            }}
          >
            <label>
              {t('devices.nfcUid')}
              <input value={uid} onChange={(e) => setUid(e.target.value)} required />
            </label>
            <button type="submit">{t('devices.injectNfc')}</button>
          </form>
          <ErrorNote error={inject.error} />
        </section>
      ) : null}

      <PrintersPanel />

      <section className="card" aria-labelledby="devices-camera">
        <h3 id="devices-camera">{t('devices.camera')}</h3>
        {camera.data ? <CameraSettings status={camera.data} /> : null}
        <ErrorNote error={camera.error} />
      </section>
    </section>
  );
}

/**
 * A device's health beyond its state: what is wrong and what to do in a sentence, its code beside it, and the
 * station's own text (errno, PC/SC or driver message) under "Details".
 */
function DeviceProblem({ status, kind }: { status: DeviceStatus; kind: DeviceKind }) {
  const { t } = useTranslation();
  const problem = deviceStatusProblem(status, kind);
  if (!problem) return status.reason ? <div className="hint">{status.reason}</div> : null;
  return (
    <div className="device-problem" data-testid="device-problem">
      <span>{t(problem.key)}</span> <code className="code">{status.code}</code>
      {problem.raw ? (
        <Details>
          <pre className="raw">{problem.raw}</pre>
        </Details>
      ) : null}
    </div>
  );
}
