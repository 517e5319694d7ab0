import { useCallback, useEffect, useRef, useState } from 'react';
import type { QualityMetrics } from '../../../src-shared/domain/image-quality';
import type { CameraSettings, CaptureResult, StationApi } from '../../../src-shared/ipc';
import { CameraCapture } from './camera-capture';
import { listCameras, type CameraInfo } from './camera-devices';
import { cameraErrorFrom, type CameraError } from './camera-errors';

export type CameraState = 'idle' | 'opening' | 'live' | 'capturing' | 'error';

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
  const videoElement = useRef<HTMLVideoElement | null>(null);

  const attach = useCallback(() => {
    const video = videoElement.current;
    if (video && video.srcObject !== (capturer.stream ?? null)) {
      video.srcObject = capturer.stream ?? null;
      if (capturer.stream) void video.play().catch(() => undefined);
    }
  }, [capturer]);

  const open = useCallback(
    async (settings: Pick<CameraSettings, 'cameraName' | 'resolution'>) => {
      setState('opening');
      setError(undefined);
      try {
        const found = await listCameras();
        setCameras(found);
        const camera = await capturer.open({ name: settings.cameraName, resolution: settings.resolution });
        setCameraName(camera.name);
        setState('live');
        attach();
        await station.call('camera.sources.report', { cameras: found.map((c) => ({ name: c.name })), active: camera.name, error: null });
      } catch (caught) {
        const failure = cameraErrorFrom(caught);
        setError(failure);
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

  return { state, cameras, cameraName, error, meters, lastResult, videoRef, select, capture, refresh, capturer };
}
