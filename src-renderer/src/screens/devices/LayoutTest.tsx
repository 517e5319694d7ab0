import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LAYOUT_TEST_TEXT } from '../../../../src-shared/domain/wedge';
import type { DeviceInfo, WedgeLayoutCheck } from '../../../../src-shared/ipc';
import { ErrorNote } from '../../components/ErrorNote';
import { useFormat } from '../../components/format';
import { useCommandMutation } from '../../query/use-command';
import { takeWedgeScans } from '../../components/use-wedge';

// The keyboard layout test at setup: a keyboard-wedge scanner sends key positions for its own
// keyboard layout, so a host on another layout receives some characters changed. The operator
// scans a known barcode with the keyboard-wedge scanner; what the keyboard typed is
// compared with the barcode's text, and a difference names the layout mismatch behind it.

/** Longest the test waits for the scan before it stops taking wedge scans. */
const WAIT_MS = 120_000;

/** The test barcode as an SVG data URL. bwip-js (1.5 MB) is its own chunk, fetched after the screen is drawn. */
async function barcodeImage(): Promise<string | undefined> {
  try {
    const { toSVG } = await import('bwip-js/browser');
    const svg = toSVG({
      bcid: 'code128',
      text: LAYOUT_TEST_TEXT,
      scale: 2,
      height: 14,
      includetext: true,
      textxalign: 'center',
      paddingwidth: 10,
      paddingheight: 6,
      backgroundcolor: 'FFFFFF',
    });
    return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
  } catch {
    return undefined;
  }
}

export function LayoutTest({ wedge }: { wedge: DeviceInfo | undefined }) {
  const { t } = useTranslation();
  const [image, setImage] = useState<string>();
  useEffect(() => {
    let live = true;
    void barcodeImage().then((url) => live && setImage(url));
    return () => {
      live = false;
    };
  }, []);
  const [waiting, setWaiting] = useState(false);
  const check = useCommandMutation('devices.checkWedgeLayout', ['devices.list']);
  const { mutate } = check;

  // While waiting, the next wedge scan is the test barcode: it goes to the check, not to the
  // supervisor as a read.
  useEffect(() => {
    if (!waiting) return;
    const release = takeWedgeScans((text) => {
      setWaiting(false);
      mutate({ text });
    });
    const timer = setTimeout(() => setWaiting(false), WAIT_MS);
    return () => {
      release();
      clearTimeout(timer);
    };
  }, [waiting, mutate]);

  const result: WedgeLayoutCheck | undefined = check.data ?? wedge?.wedgeLayout;
  return (
    <section className="card stack" aria-labelledby="devices-layout">
      <h3 id="devices-layout">{t('devices.layout.title')}</h3>
      <p className="hint">{t('devices.layout.help')}</p>
      {image ? (
        <img
          src={image}
          alt={t('devices.layout.barcode', { text: LAYOUT_TEST_TEXT })}
          data-testid="layout-barcode"
          style={{ alignSelf: 'flex-start', maxWidth: '100%' }}
        />
      ) : (
        <p className="mono" data-testid="layout-barcode">
          {LAYOUT_TEST_TEXT}
        </p>
      )}
      <div className="toolbar">
        {waiting ? (
          <button type="button" onClick={() => setWaiting(false)}>
            {t('devices.layout.cancel')}
          </button>
        ) : (
          <button
            type="button"
            disabled={check.isPending}
            onClick={() => {
              check.reset();
              setWaiting(true);
            }}
          >
            {t('devices.layout.start')}
          </button>
        )}
      </div>
      <div role="status" data-testid="layout-result">
        {waiting ? <p>{t('devices.layout.waiting')}</p> : result ? <LayoutVerdict check={result} /> : null}
      </div>
      <ErrorNote error={check.error} />
    </section>
  );
}

function LayoutVerdict({ check }: { check: WedgeLayoutCheck }) {
  const { t } = useTranslation();
  const format = useFormat();
  const name = (layout: 'US' | 'DE') => t(`devices.layout.names.${layout}`);
  const text = check.ok
    ? t('devices.layout.ok')
    : check.scannerLayout && check.hostLayout
      ? t('devices.layout.mismatch', { scanner: name(check.scannerLayout), host: name(check.hostLayout) })
      : t('devices.layout.unknown', { received: check.received, expected: LAYOUT_TEST_TEXT });
  return (
    <p className={check.ok ? 'ok-note' : 'error-note'} data-ok={check.ok}>
      <span aria-hidden="true">{check.ok ? '✓ ' : '✖ '}</span>
      {text} <span className="hint">{t('devices.layout.checkedAt', { time: format.dateTime(check.checkedAt) })}</span>
    </p>
  );
}
