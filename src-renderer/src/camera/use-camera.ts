import { useCallback, useEffect, useRef, useState } from 'react';
import { DEFAULT_QUALITY_THRESHOLDS, type QualityMetrics, type QualityThresholds } from '../../../src-shared/domain/image-quality';
import type { CameraSettings, CaptureResult, StationApi } from '../../../src-shared/ipc';
import { CameraCapture } from './camera-capture';
import { listCameras, type CameraInfo } from './camera-devices';
import { cameraErrorFrom, type CameraError } from './camera-errors';
import type { CameraCapabilities, CameraControls } from './media-types';

type CameraState = 'idle' | 'opening' | 'live' | 'capturing' | 'error';

export interface UseCamera {
  state: CameraState;
  cameras: CameraInfo[];
  /** The open camera's name. */
  cameraName: string | undefined;
  error: CameraError | undefined;
  /** Live preview focus/exposure, refreshed a few times a second while live. */
  meters: QualityMetrics | null;
  /** Latest verdict from main's quality gate. */
  lastResult: CaptureResult | undefined;
  /** The gate's thresholds as configured (camera.settings), for the meters; the defaults until loaded. */
  thresholds: QualityThresholds;
  /** What the open camera can set (focus, exposure, zoom…); empty while closed. */
  capabilities: CameraCapabilities;
  /** The saved manual controls failed to apply (the camera stays usable with its own settings). */
  controlsError: CameraError | undefined;
  /** Applies controls to the open camera now (not saved); returns what the camera took. */
  applyControls(controls: CameraControls): Promise<CameraControls>;
  /** Put on the preview <video>: it receives the live stream. */
  videoRef: (video: HTMLVideoElement | null) => void;
  /** Chooses a camera by name, saves the choice and opens it. */
  select(name: string): Promise<void>;
  capture(): Promise<CaptureResult | undefined>;
  /** Lists the cameras again (after a re-plug) and reopens the saved one. */
  refresh(): Promise<void>;
  capturer: CameraCapture;
}

const METER_INTERVAL_MS = 250;

/** The bench's camera: opens the saved camera by name, keeps main told about the cameras it sees. */
export function useCamera(station: StationApi, options: { meters?: boolean } = {}): UseCamera {
  const capturerRef = useRef<CameraCapture | null>(null);
  capturerRef.current ??= new CameraCapture(station);
  const capturer = capturerRef.current;
  const [state, setState] = useState<CameraState>('idle');
  const [cameras, setCameras] = useState<CameraInfo[]>([]);
  const [cameraName, setCameraName] = useState<string>();
  const [error, setError] = useState<CameraError>();
  const [meters, setMeters] = useState<QualityMetrics | null>(null);
  const [lastResult, setLastResult] = useState<CaptureResult>();
  const [thresholds, setThresholds] = useState<QualityThresholds>(DEFAULT_QUALITY_THRESHOLDS);
  const [capabilities, setCapabilities] = useState<CameraCapabilities>({});
  const [controlsError, setControlsError] = useState<CameraError>();
  const videoElement = useRef<HTMLVideoElement | null>(null);

  const attach = useCallback(() => {
    const video = videoElement.current;
    if (video && video.srcObject !== (capturer.stream ?? null)) {
      video.srcObject = capturer.stream ?? null;
      if (capturer.stream) void video.play().catch(() => undefined);
    }
  }, [capturer]);

  const open = useCallback(
    async (settings: Pick<CameraSettings, 'cameraName' | 'resolution'> & Partial<Pick<CameraSettings, 'thresholds' | 'controls'>>) => {
      setState('opening');
      setError(undefined);
      setControlsError(undefined);
      if (settings.thresholds) setThresholds(settings.thresholds);
      try {
        const found = await listCameras();
        setCameras(found);
        const camera = await capturer.open({ name: settings.cameraName, resolution: settings.resolution });
        // Saved manual controls (focus, exposure, zoom), as far as this camera supports them.
        if (settings.controls && Object.keys(settings.controls).length > 0) {
          await capturer.setControls(settings.controls).catch((caught: unknown) => setControlsError(cameraErrorFrom(caught)));
        }
        setCapabilities(capturer.capabilities());
        setCameraName(camera.name);
        setState('live');
        attach();
        await station.call('camera.sources.report', { cameras: found.map((c) => ({ name: c.name })), active: camera.name, error: null });
      } catch (caught) {
        const failure = cameraErrorFrom(caught);
        setError(failure);
        setCapabilities({});
        setState('error');
        await station
          .call('camera.sources.report', { cameras: [], active: null, error: { code: failure.code, message: failure.message } })
          .catch(() => undefined);
      }
    },
    [attach, capturer, station],
  );

  const refresh = useCallback(async () => open(await station.call('camera.settings.get', {})), [open, station]);

  useEffect(() => {
    void refresh();
    const onDeviceChange = () => void refresh();
    navigator.mediaDevices?.addEventListener('devicechange', onDeviceChange);
    return () => {
      navigator.mediaDevices?.removeEventListener('devicechange', onDeviceChange);
      capturer.close();
    };
  }, [capturer, refresh]);

  // Thresholds saved elsewhere (the Devices screen) reach the meters at once.
  useEffect(() => station.on('camera.changed', (status) => setThresholds(status.settings.thresholds)), [station]);

  useEffect(() => {
    if (state !== 'live' || options.meters === false) return;
    const timer = setInterval(() => setMeters(capturer.meters()), METER_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [capturer, options.meters, state]);

  const select = useCallback(
    async (name: string) => {
      const settings = await station.call('camera.settings.set', { cameraName: name });
      await open(settings);
    },
    [open, station],
  );

  const capture = useCallback(async () => {
    if (state !== 'live') return undefined;
    setState('capturing');
    try {
      const result = await capturer.capture();
      setLastResult(result);
      return result;
    } catch (caught) {
      setError(cameraErrorFrom(caught));
      return undefined;
    } finally {
      setState(capturer.stream ? 'live' : 'error');
    }
  }, [capturer, state]);

  const videoRef = useCallback(
    (video: HTMLVideoElement | null) => {
      videoElement.current = video;
      attach();
    },
    [attach],
  );

  const applyControls = useCallback(
    async (controls: CameraControls) => {
      const applied = await capturer.setControls(controls);
      setControlsError(undefined);
      return applied;
    },
    [capturer],
  );

  return {
    state,
    cameras,
    cameraName,
    error,
    meters,
    lastResult,
    thresholds,
    capabilities,
    controlsError,
    applyControls,
    videoRef,
    select,
    capture,
    refresh,
    capturer,
  };
}
