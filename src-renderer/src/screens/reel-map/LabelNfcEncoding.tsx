import { useTranslation } from 'react-i18next';
import { Breakable } from '../../components/Breakable';
import { ErrorNote } from '../../components/ErrorNote';
import { useFormat } from '../../components/format';
import { useCommandQuery } from '../../query/use-command';

/**
 * What the station wrote on the position's NFC chip (docs/devices.md, "Encoding a chip"): the URL, locked or not, the
 * tag type and when. Nothing when the chip was never encoded here.
 */
export function LabelNfcEncoding({ reelId, position }: { reelId: string; position: number }) {
  const { t } = useTranslation();
  const format = useFormat();
  const query = useCommandQuery('nfc.encoding', { reelId, position });
  if (query.error) return <ErrorNote error={query.error} />;
  const encoding = query.data?.encoding;
  if (!encoding) return null;
  return (
    <section aria-labelledby={`nfc-${reelId}-${position}`} data-testid="label-nfc">
      <h4 id={`nfc-${reelId}-${position}`}>{t('nfcEncode.label.title')}</h4>
      <dl className="raw">
        <dt>{t('nfcEncode.label.url')}</dt>
        <dd className="mono" data-testid="label-nfc-url">
          <Breakable text={encoding.url} />
        </dd>
        <dt>{t('nfcEncode.label.lock')}</dt>
        <dd data-testid="label-nfc-locked" data-locked={encoding.locked}>
          {encoding.locked ? t('nfcEncode.label.locked') : t('nfcEncode.label.unlocked')}
        </dd>
        <dt>{t('nfcEncode.label.type')}</dt>
        <dd data-testid="label-nfc-type">{encoding.type}</dd>
        <dt>{t('nfcEncode.label.chip')}</dt>
        <dd className="mono">{encoding.uid}</dd>
        <dt>{t('nfcEncode.label.when')}</dt>
        <dd>
          <time dateTime={encoding.encodedAt}>{format.dateTime(encoding.encodedAt)}</time>
        </dd>
      </dl>
    </section>
  );
}
