import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_QUALITY_THRESHOLDS, type QualityThresholds } from '../../../../src-shared/domain/image-quality';
import type { CameraControlSettings, CameraStatus } from '../../../../src-shared/ipc';
import { useCamera, type CameraCapabilities, type MediaRange } from '../../camera';
import { ErrorNote } from '../../components/ErrorNote';
import { cameraErrorWords } from '../../components/say-error';
import { useFormat } from '../../components/format';
import { useCommandMutation } from '../../query/use-command';
import { station } from '../../station-client';
import { THRESHOLD_FIELDS, thresholdForm, thresholdsFromForm, type ThresholdForm, type ThresholdKey } from './device-forms';

// Camera settings on the Devices screen: the camera by name, the quality gate's thresholds, and
// the manual controls (resolution, focus, exposure, zoom) only where the open camera reports them.

export function CameraSettings({ status }: { status: CameraStatus }) {
  const { t, i18n } = useTranslation();
  const setCamera = useCommandMutation('camera.settings.set', ['camera.status']);
  const { settings } = status;
  return (
    <>
      <label>
        {t('devices.cameraChoice')}
        <select value={settings.cameraName ?? ''} onChange={(e) => setCamera.mutate({ cameraName: e.target.value || null })}>
          <option value="">{t('devices.firstCamera')}</option>
          {status.sources.cameras.map((c) => (
            <option key={c.name} value={c.name}>
              {c.name}
            </option>
          ))}
        </select>
      </label>
      <p>
        {t('devices.resolution', settings.resolution)} ·{' '}
        {t('devices.watchFolder', { state: t(`devices.watchStates.${status.watchFolder.state}`), path: status.watchFolder.path ?? '–' })}
      </p>
      {status.sources.error ? (
        <p role="alert" className="error-note">
          {cameraErrorWords(t, i18n, status.sources.error.code)} <code>{status.sources.error.code}</code>
        </p>
      ) : null}
      <ErrorNote error={setCamera.error} />
      <Thresholds saved={settings.thresholds} />
      <Controls saved={settings.controls ?? {}} />
    </>
  );
}

function Thresholds({ saved }: { saved: QualityThresholds }) {
  const { t } = useTranslation();
  // Numbers in the UI's language ("0,1" in German), whose decimal mark the form reads back (device-forms.ts).
  const decimal = useFormat().number(1.5).charAt(1);
  const [form, setForm] = useState<ThresholdForm>(() => thresholdForm(saved, decimal));
  // Re-filled whenever the saved thresholds change (saved here, in another window or by the CLI).
  const savedKey = JSON.stringify(saved);
  useEffect(() => {
    setForm(thresholdForm(JSON.parse(savedKey) as QualityThresholds, decimal));
  }, [savedKey, decimal]);
  const [invalid, setInvalid] = useState<{ field: ThresholdKey; problem: 'number' | 'order' }>();
  const [message, setMessage] = useState<string>();
  const save = useCommandMutation('camera.settings.set', ['camera.status']);
  const submit = (values: ThresholdForm) => {
    const result = thresholdsFromForm(values);
    setMessage(undefined);
    if (!result.ok) return setInvalid({ field: result.field, problem: result.problem });
    setInvalid(undefined);
    save.mutate({ thresholds: result.thresholds }, { onSuccess: () => setMessage(t('devices.gate.saved')) });
  };
  const problem =
    invalid && (invalid.problem === 'order' ? t('devices.gate.brightnessOrder') : t('devices.gate.invalid', { field: t(`devices.gate.${invalid.field}`) }));
  return (
    <form
      className="stack"
      aria-labelledby="devices-gate"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit(form);
      }}
    >
      <fieldset>
        <legend id="devices-gate">{t('devices.gate.title')}</legend>
        <p className="hint">{t('devices.gate.help')}</p>
        <div className="form-grid">
          {THRESHOLD_FIELDS.map((field) => (
            <label key={field.key}>
              {t(`devices.gate.${field.key}`)}
              <input
                type="text"
                inputMode="decimal"
                value={form[field.key]}
                aria-invalid={invalid?.field === field.key}
                onChange={(e) => setForm((f) => ({ ...f, [field.key]: e.target.value }))}
              />
            </label>
          ))}
        </div>
      </fieldset>
      <div className="toolbar">
        <button type="submit" className="primary" disabled={save.isPending}>
          {t('devices.gate.save')}
        </button>
        <button
          type="button"
          onClick={() => {
            const defaults = thresholdForm(DEFAULT_QUALITY_THRESHOLDS);
            setForm(defaults);
            submit(defaults);
          }}
        >
          {t('devices.gate.defaults')}
        </button>
      </div>
      {problem ? (
        <p role="alert" className="error-note">
          {problem}
        </p>
      ) : null}
      {message ? (
        <p role="status" className="ok-note">
          {message}
        </p>
      ) : null}
      <ErrorNote error={save.error} />
    </form>
  );
}

function Controls({ saved }: { saved: CameraControlSettings }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <section className="stack" aria-labelledby="devices-controls">
      <h4 id="devices-controls">{t('devices.controls.title')}</h4>
      <p className="hint">{t('devices.controls.help')}</p>
      <div className="toolbar">
        <button type="button" aria-pressed={open} onClick={() => setOpen((o) => !o)}>
          {open ? t('devices.controls.close') : t('devices.controls.open')}
        </button>
      </div>
      {open ? <OpenCameraControls saved={saved} /> : null}
    </section>
  );
}

const MODES = ['none', 'manual', 'single-shot', 'continuous'] as const;
type Mode = (typeof MODES)[number];
const knownModes = (modes: string[] | undefined): Mode[] => MODES.filter((m) => modes?.includes(m));

/** The camera opened here (its live preview shows the effect); only the controls it reports are shown. */
function OpenCameraControls({ saved }: { saved: CameraControlSettings }) {
  const { t, i18n } = useTranslation();
  const camera = useCamera(station);
  const caps: CameraCapabilities = camera.capabilities;
  const [controls, setControls] = useState<CameraControlSettings>(saved);
  const [applyError, setApplyError] = useState<unknown>();
  const [message, setMessage] = useState<string>();
  const save = useCommandMutation('camera.settings.set', ['camera.status']);

  const change = (patch: CameraControlSettings) => {
    const next = { ...controls, ...patch };
    setControls(next);
    setMessage(undefined);
    camera.applyControls(next).then(() => setApplyError(undefined), setApplyError);
  };
  const persist = (value: CameraControlSettings) => {
    setControls(value);
    save.mutate({ controls: value }, { onSuccess: () => setMessage(t('devices.controls.saved')) });
  };

  const focusModes = knownModes(caps.focusMode);
  const exposureModes = knownModes(caps.exposureMode);
  const current = camera.state === 'live' ? camera.capturer.trackSettings() : {};
  const any = focusModes.length > 0 || exposureModes.length > 0 || caps.focusDistance || caps.exposureTime || caps.exposureCompensation || caps.zoom;
  const m = camera.meters;
  // The preview only while a camera is open: with none (or none yet) it would be an empty box the size of a picture;
  // it stays in the page, hidden, so the stream reaches it once the camera opens.
  const open = camera.state === 'live' || camera.state === 'capturing';
  return (
    <div className="stack camera-controls" data-testid="camera-controls">
      <video
        ref={camera.videoRef}
        hidden={!open}
        muted
        playsInline
        aria-label={t('devices.controls.preview')}
        className="preview-video"
        style={{ maxWidth: 480 }}
      />
      <p role="status" data-testid="camera-state">
        {t(`bench.cameraState.${camera.state}`)}
        {camera.cameraName ? `: ${camera.cameraName}` : ''}
        {m
          ? ` · ${t('devices.controls.meters', { focus: Math.round(m.focus), minFocus: camera.thresholds.minFocus, brightness: Math.round(m.meanLuminance) })}`
          : ''}
      </p>
      {camera.error ? (
        <p role="alert" className="error-note">
          {cameraErrorWords(t, i18n, camera.error.code)} <code>{camera.error.code}</code>
        </p>
      ) : null}
      {camera.state === 'error' || camera.state === 'idle' ? (
        <p className="hint" data-testid="camera-none">
          {t('devices.controls.noCamera')}
        </p>
      ) : null}
      {camera.state === 'live' && !any ? <p className="hint">{t('devices.controls.none')}</p> : null}
      {any ? (
        <div className="form-grid">
          {focusModes.length > 0 ? (
            <ModeSelect label={t('devices.controls.focusMode')} modes={focusModes} value={controls.focusMode} onChange={(focusMode) => change({ focusMode })} />
          ) : null}
          {caps.focusDistance && (controls.focusMode === 'manual' || focusModes.length === 0) ? (
            <Range
              label={(v) => t('devices.controls.focusDistance', { value: v })}
              range={caps.focusDistance}
              value={controls.focusDistance ?? current.focusDistance}
              onChange={(focusDistance) => change({ focusDistance })}
            />
          ) : null}
          {exposureModes.length > 0 ? (
            <ModeSelect
              label={t('devices.controls.exposureMode')}
              modes={exposureModes}
              value={controls.exposureMode}
              onChange={(exposureMode) => change({ exposureMode })}
            />
          ) : null}
          {caps.exposureTime && (controls.exposureMode === 'manual' || exposureModes.length === 0) ? (
            <Range
              label={(v) => t('devices.controls.exposureTime', { value: v })}
              range={caps.exposureTime}
              value={controls.exposureTime ?? current.exposureTime}
              onChange={(exposureTime) => change({ exposureTime })}
            />
          ) : null}
          {caps.exposureCompensation ? (
            <Range
              label={(v) => t('devices.controls.exposureCompensation', { value: v })}
              range={caps.exposureCompensation}
              value={controls.exposureCompensation ?? current.exposureCompensation}
              onChange={(exposureCompensation) => change({ exposureCompensation })}
            />
          ) : null}
          {caps.zoom && caps.zoom.max > caps.zoom.min ? (
            <Range
              label={(v) => t('devices.controls.zoom', { value: v })}
              range={caps.zoom}
              value={controls.zoom ?? current.zoom}
              onChange={(zoom) => change({ zoom })}
            />
          ) : null}
        </div>
      ) : null}
      <div className="toolbar">
        <button type="button" className="primary" disabled={save.isPending} onClick={() => persist(controls)}>
          {t('devices.controls.save')}
        </button>
        <button type="button" disabled={save.isPending} onClick={() => persist({})}>
          {t('devices.controls.reset')}
        </button>
      </div>
      {message ? (
        <p role="status" className="ok-note">
          {message}
        </p>
      ) : null}
      <ErrorNote error={applyError ?? camera.controlsError ?? save.error} />
    </div>
  );
}

function ModeSelect({ label, modes, value, onChange }: { label: string; modes: Mode[]; value: Mode | undefined; onChange: (mode: Mode | undefined) => void }) {
  const { t } = useTranslation();
  return (
    <label>
      {label}
      <select value={value ?? ''} onChange={(e) => onChange((e.target.value || undefined) as Mode | undefined)}>
        <option value="">{t('devices.controls.auto')}</option>
        {modes.map((mode) => (
          <option key={mode} value={mode}>
            {t(`devices.controls.modes.${mode}`)}
          </option>
        ))}
      </select>
    </label>
  );
}

function Range({
  label,
  range,
  value,
  onChange,
}: {
  label: (value: string) => string;
  range: MediaRange;
  value: number | undefined;
  onChange: (value: number) => void;
}) {
  const format = useFormat();
  const shown = value ?? range.min;
  return (
    <label>
      {label(format.number(shown, { maximumFractionDigits: 3 }))}
      <input
        type="range"
        min={range.min}
        max={range.max}
        step={range.step && range.step > 0 ? range.step : (range.max - range.min) / 100}
        value={shown}
        onChange={(e) => onChange(Number(e.target.value))}
      />
    </label>
  );
}
