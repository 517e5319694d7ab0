import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useCamera } from '../camera';
import { station } from '../station-client';
import { useFormat } from './format';
import { cameraErrorWords } from './say-error';

/** Live preview with focus and exposure meters (camera module by the camera area). */
export function CameraPanel({ register }: { register: (capture: () => void) => void }) {
  const { t, i18n } = useTranslation();
  const format = useFormat();
  const camera = useCamera(station);
  useEffect(() => {
    register(() => void camera.capture());
  }, [register, camera.capture]);
  const m = camera.meters;
  // The gate's configured thresholds (camera.settings), so the meters judge like main will.
  const th = camera.thresholds;
  return (
    <section className="camera card" aria-labelledby="camera-title">
      <h3 id="camera-title">
        {t('bench.camera')}
        {camera.cameraName ? `: ${camera.cameraName}` : ''}
      </h3>
      <video ref={camera.videoRef} muted playsInline aria-label={t('bench.preview')} className="preview-video" />
      <div className="meters">
        <label>
          {t('bench.focus')} {m ? format.number(Math.round(m.focus)) : '–'}
          <meter min={0} max={th.minFocus * 4} low={th.minFocus} optimum={th.minFocus * 3} value={m?.focus ?? 0} />
        </label>
        <label>
          {t('bench.exposure')} {m ? format.number(Math.round(m.meanLuminance)) : '–'}
          <meter min={0} max={255} low={th.minMeanLuminance} high={th.maxMeanLuminance} optimum={128} value={m?.meanLuminance ?? 0} />
        </label>
      </div>
      <p role="status" data-testid="camera-state">
        {t(`bench.cameraState.${camera.state}`)}
      </p>
      {camera.error ? (
        <p role="alert" className="error-note">
          {cameraErrorWords(t, i18n, camera.error.code)} <code>{camera.error.code}</code>
        </p>
      ) : null}
    </section>
  );
}
