import { useTranslation } from 'react-i18next';
import { ErrorNote } from '../../components/ErrorNote';
import { useCommandMutation, useCommandQuery } from '../../query/use-command';
import { usePrinterWatch } from '../../query/use-printer-watch';
import { usePrinterStateWords } from '../devices/printers/reason-words';

// The bench's printer, among the Bench's settings (docs/printing.md, "Reprints at the bench"): the station's printers
// with their state now; the one chosen prints this bench's reprints (print.benchPrinter).

export function BenchPrinterSetting() {
  const { t } = useTranslation();
  const stateOf = usePrinterStateWords();
  const printers = useCommandQuery('printers.list', {});
  usePrinterWatch();
  const chosen = useCommandQuery('print.benchPrinter', {});
  const choose = useCommandMutation('print.benchPrinter', ['print.benchPrinter']);
  const list = printers.data?.printers ?? [];
  const current = list.find((p) => p.name === chosen.data?.name);
  return (
    <div className="bench-printer" data-testid="bench-printer">
      {printers.data && list.length === 0 ? (
        <span>{t('reprint.noPrinters')}</span>
      ) : (
        <label>
          {t('reprint.benchPrinter')}{' '}
          <select
            value={chosen.data?.name ?? ''}
            onChange={(e) => choose.mutate({ name: e.target.value === '' ? null : e.target.value })}
            disabled={!printers.data}
          >
            <option value="">{t('reprint.benchPrinterNone')}</option>
            {list.map((p) => (
              <option key={p.name} value={p.name}>
                {t('reprint.benchPrinterOption', { name: p.name, state: stateOf(p) })}
              </option>
            ))}
          </select>
        </label>
      )}
      <p className="hint">
        {current ? (
          <>
            <span data-testid="bench-printer-state" data-state={current.state}>
              {stateOf(current)}
            </span>
            {' · '}
          </>
        ) : null}
        {t('reprint.benchPrinterHelp')}
      </p>
      <ErrorNote error={printers.error ?? choose.error} />
    </div>
  );
}
