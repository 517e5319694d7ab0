import { useTranslation } from 'react-i18next';
import { NfcEncodeCode } from '../../../../src-shared/domain/nfc-encoding';
import { ReportSection, ReportTable } from './ReportTable';
import { ErrorNote } from '../../components/ErrorNote';
import { useFormat } from '../../components/format';
import { useCommandQuery } from '../../query/use-command';

const CODES = Object.values(NfcEncodeCode);
const known = (code: string): code is NfcEncodeCode => (CODES as string[]).includes(code);

/**
 * NFC chips (docs/devices.md, "Encoding a chip"): encoded, locked, and refused by reason, in words, for one Reel (the
 * Reel report) or a shift across Reels (the shift summary); the counts are `nfc.counts`, the rule the CLI's
 * `nfc counts` answers with. Nothing when no chip was encoded or refused.
 */
export function NfcCounts({ scope }: { scope: { reelId: string } | { from: string; to: string } }) {
  const { t } = useTranslation();
  const format = useFormat();
  const counts = useCommandQuery('nfc.counts', scope);
  if (counts.error) return <ErrorNote error={counts.error} />;
  const data = counts.data;
  const refused = Object.entries(data?.refused ?? {});
  if (!data || (data.encoded === 0 && refused.length === 0)) return null;
  const rows = [
    { key: 'encoded', what: t('nfcEncode.report.encoded'), n: data.encoded },
    { key: 'locked', what: t('nfcEncode.report.locked'), n: data.locked },
    ...refused.map(([code, n]) => ({
      key: code,
      what: known(code) ? t(`nfcEncode.report.refused.${code}`) : t('nfcEncode.report.refusedOther', { code }),
      n,
    })),
  ];
  return (
    <ReportSection id="report-nfc" title={t('nfcEncode.report.title')} testId="report-nfc">
      <ReportTable
        label={t('nfcEncode.report.title')}
        testId="report-nfc-counts"
        rows={rows}
        rowKey={(row) => row.key}
        columns={[
          { key: 'what', header: t('nfcEncode.report.what'), cell: (row) => row.what },
          {
            key: 'count',
            header: t('nfcEncode.report.count'),
            numeric: true,
            cell: (row) => <span data-testid={`report-nfc-${row.key}`}>{format.number(row.n)}</span>,
          },
        ]}
      />
    </ReportSection>
  );
}
