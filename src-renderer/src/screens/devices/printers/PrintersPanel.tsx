import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PrinterView } from '../../../../../src-shared/ipc/printers';
import { DataTable } from '../../../components/DataTable';
import { ErrorNote } from '../../../components/ErrorNote';
import { useCommandMutation, useCommandQuery } from '../../../query/use-command';
import { usePrinterWatch } from '../../../query/use-printer-watch';
import { STATE_MARK, usePrinterStateWords, useReasonWords } from './reason-words';

// Devices → Printers (docs/printing.md): the shop's label printers with their state and reasons in words, added by an
// IPP URI or a ZPL printer's HOST:PORT, a test label, removal, and the bench's printer (the one a reprint uses).

export function PrintersPanel() {
  const { t } = useTranslation();
  const words = useReasonWords();
  const stateOf = usePrinterStateWords();
  const list = useCommandQuery('printers.list', {});
  usePrinterWatch();
  const add = useCommandMutation('printers.add', ['printers.list']);
  const remove = useCommandMutation('printers.remove', ['printers.list', 'print.benchPrinter']);
  const testLabel = useCommandMutation('printers.test', ['printers.list']);
  const benchPrinter = useCommandQuery('print.benchPrinter', {});
  const setBenchPrinter = useCommandMutation('print.benchPrinter', ['print.benchPrinter']);
  const benchShown = list.data?.printers.find((p) => p.name === benchPrinter.data?.name);
  const [name, setName] = useState('');
  const [kind, setKind] = useState<'ipp' | 'zpl'>('zpl');
  const [address, setAddress] = useState('');
  const [stock, setStock] = useState('50x30');
  const [dpi, setDpi] = useState<203 | 300 | 600>(203);
  const [message, setMessage] = useState('');

  const stateCell = (p: PrinterView) => (
    <>
      <span aria-hidden="true">{STATE_MARK[p.state]} </span>
      {t(`printers.states.${p.state}`)}
      {p.reasons.length && p.state !== 'unreachable' ? (
        <div className="hint">
          {words(p.reasons)}
          {/* What it takes, where it takes nothing the station sends (docs/printing.md, "Printer states"). */}
          {p.reasons.includes('document-format-not-supported') ? ` ${p.formats.join(', ')}` : null}
        </div>
      ) : null}
    </>
  );

  return (
    <section className="card" aria-labelledby="printers-title">
      <h3 id="printers-title">{t('printers.title')}</h3>
      <p className="hint">{t('printers.help')}</p>
      <ErrorNote error={list.error ?? remove.error ?? testLabel.error} />
      <DataTable
        label={t('printers.table')}
        rows={list.data?.printers}
        empty={t('printers.empty')}
        rowKey={(p) => p.name}
        columns={[
          {
            key: 'name',
            header: t('printers.name'),
            rowHeader: true,
            cell: (p) => (
              <>
                {p.name}
                <div className="hint mono">{p.uri}</div>
              </>
            ),
          },
          { key: 'kind', header: t('printers.kind'), cell: (p) => t('printers.stockOf', { kind: t(`printers.kinds.${p.kind}`), stock: p.stock, dpi: p.dpi }) },
          { key: 'state', header: t('printers.state'), cellClassName: (p) => `health health-${p.state}`, cell: stateCell },
          {
            key: 'actions',
            header: t('common.actions'),
            className: 'actions',
            cell: (p) => (
              <>
                <button
                  type="button"
                  disabled={testLabel.isPending}
                  aria-label={t('printers.testOf', { name: p.name })}
                  onClick={() =>
                    testLabel.mutate(
                      { name: p.name },
                      {
                        onSuccess: (out) =>
                          setMessage(out.state === 'done' ? t('printers.tested', { name: p.name }) : t('printers.testStopped', { name: p.name })),
                      },
                    )
                  }
                >
                  {t('printers.test')}
                </button>{' '}
                <button
                  type="button"
                  disabled={remove.isPending}
                  aria-label={t('printers.removeOf', { name: p.name })}
                  onClick={() => remove.mutate({ name: p.name }, { onSuccess: () => setMessage(t('printers.removed', { name: p.name })) })}
                >
                  {t('printers.remove')}
                </button>
              </>
            ),
          },
        ]}
      />
      {list.data?.printers.length ? (
        <div className="bench-printer-choice">
          <label>
            {t('printers.benchPrinter')}
            <select
              value={benchPrinter.data?.name ?? ''}
              onChange={(e) => setBenchPrinter.mutate({ name: e.target.value || null })}
              disabled={setBenchPrinter.isPending}
            >
              <option value="">{t('printers.noBenchPrinter')}</option>
              {list.data.printers.map((p) => (
                <option key={p.name} value={p.name}>
                  {t('reprint.benchPrinterOption', { name: p.name, state: stateOf(p) })}
                </option>
              ))}
            </select>
          </label>
          {/* The chosen printer's state now, as its row above says it (printers.changed keeps the list current). */}
          {benchShown ? (
            <span className={`health health-${benchShown.state}`} data-testid="devices-bench-printer-state" data-state={benchShown.state}>
              <span aria-hidden="true">{STATE_MARK[benchShown.state]} </span>
              {stateOf(benchShown)}
            </span>
          ) : null}
        </div>
      ) : null}
      <ErrorNote error={setBenchPrinter.error} />
      {message ? (
        <p role="status" data-testid="printers-message">
          {message}
        </p>
      ) : null}
      <form
        aria-label={t('printers.addTitle')}
        className="toolbar"
        onSubmit={(e) => {
          e.preventDefault();
          add.mutate(
            { name, ...(kind === 'ipp' ? { ipp: address } : { zpl: address }), stock, dpi },
            {
              onSuccess: (p) => {
                setMessage(t('printers.added', { name: p.name }));
                setName('');
                setAddress('');
              },
            },
          );
        }}
      >
        <label>
          {t('printers.name')}
          <input value={name} onChange={(e) => setName(e.target.value)} required maxLength={64} />
        </label>
        <label>
          {t('printers.kind')}
          <select value={kind} onChange={(e) => setKind(e.target.value as 'ipp' | 'zpl')}>
            <option value="zpl">{t('printers.kinds.zpl')}</option>
            <option value="ipp">{t('printers.kinds.ipp')}</option>
          </select>
        </label>
        <label>
          {kind === 'ipp' ? t('printers.uri') : t('printers.address')}
          <input
            value={address}
            onChange={(e) => setAddress(e.target.value)}
            required
            placeholder={kind === 'ipp' ? 'ipp://printer.local:631/ipp/print' : '192.168.1.40:9100'}
          />
        </label>
        <label>
          {t('printers.stock')}
          <input value={stock} onChange={(e) => setStock(e.target.value)} required size={8} />
        </label>
        <label>
          {t('printers.dpi')}
          <select value={dpi} onChange={(e) => setDpi(Number(e.target.value) as 203 | 300 | 600)}>
            <option value={203}>203</option>
            <option value={300}>300</option>
            <option value={600}>600</option>
          </select>
        </label>
        <button type="submit" disabled={add.isPending}>
          {t('printers.add')}
        </button>
      </form>
      <ErrorNote error={add.error} />
    </section>
  );
}
