import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { z } from 'zod';
import {
  CameraSettingsSchema,
  DEFAULT_CAMERA_SETTINGS,
  type CameraSettings,
  type CameraSettingsPatchSchema,
  type CameraSourcesSchema,
  type CameraStatus,
  type CaptureResult,
  type CaptureSourceSchema,
  type SubmitStillInputSchema,
  type TrackSettings,
  type WatchFolderStatusSchema,
} from '../../../src-shared/ipc/camera';
import { analyzeCapture, type CaptureAnalysis, type CodeGrader } from './analyze-capture';
import { captureSettingsFromTrack } from './capture-settings';
import { DEFAULT_DECODE_LIMITS, type DecodeLimits } from './decode-image';
import { INCOMING_MAX_AGE_MS, keepIncomingStill, pruneIncomingStills } from './incoming-stills';
import { WatchFolder } from './watch-folder';

/** Where the camera settings persist (the composition root passes the settings table). */
interface CameraSettingsStore {
  load(): unknown;
  save(settings: CameraSettings): void;
}

interface CameraEvents {
  captured(result: CaptureResult): void;
  changed(status: CameraStatus): void;
}

export interface CameraServiceOptions {
  dataDir: string;
  settings: CameraSettingsStore;
  events: CameraEvents;
  limits?: DecodeLimits;
  /** Grades the codes of each capture (docs/print-quality.md, "A grade per Label"); the composition root passes it. */
  grade?: CodeGrader;
  now?: () => Date;
}

type CaptureSource = z.infer<typeof CaptureSourceSchema>;
type CameraSources = z.infer<typeof CameraSourcesSchema>;
type WatchFolderStatus = z.infer<typeof WatchFolderStatusSchema>;

export interface CameraService {
  settings(): CameraSettings;
  updateSettings(patch: z.infer<typeof CameraSettingsPatchSchema>): Promise<CameraSettings>;
  status(): CameraStatus;
  reportSources(sources: CameraSources): CameraStatus;
  submitStill(input: z.infer<typeof SubmitStillInputSchema>): Promise<CaptureResult>;
  /** Gate + store + event for one image from any source. */
  capture(bytes: Buffer, source: CaptureSource, device: string, track?: TrackSettings): Promise<CaptureResult>;
  /** Removes stale kept stills and starts the watch folder when one is configured. */
  start(): Promise<void>;
  close(): Promise<void>;
}

/** The camera part of the devices layer: settings, the gate for stills, the watch folder. */
export function createCameraService(options: CameraServiceOptions): CameraService {
  const limits = options.limits ?? DEFAULT_DECODE_LIMITS;
  const now = options.now ?? (() => new Date());
  const stored = CameraSettingsSchema.safeParse(options.settings.load());
  let current: CameraSettings = stored.success ? stored.data : DEFAULT_CAMERA_SETTINGS;
  let sources: CameraSources = { cameras: [], active: null, error: null };
  let watchStatus: WatchFolderStatus = { state: 'off', path: null };
  let folder: WatchFolder | undefined;
  let closed = false;

  const status = (): CameraStatus => ({ settings: current, sources, watchFolder: watchStatus });
  const changed = () => options.events.changed(status());

  async function capture(bytes: Buffer, source: CaptureSource, device: string, track?: TrackSettings): Promise<CaptureResult> {
    const analysis = await analyzeCapture(bytes, { thresholds: current.thresholds, limits, grade: options.grade });
    const result = toResult(analysis, source, device, track);
    if (result.stored) await keepIncomingStill(options.dataDir, bytes, result);
    options.events.captured(result);
    return result;
  }

  /** Accepted stills are the ones kept for the enrollment commit. */
  function toResult(analysis: CaptureAnalysis, source: CaptureSource, device: string, track: TrackSettings | undefined): CaptureResult {
    return {
      ...analysis,
      source,
      device,
      capturedAt: now().toISOString(),
      options: { settings: captureSettingsFromTrack(track) },
      stored: analysis.accepted,
    };
  }

  /** A file over the byte limit is refused from its size alone; it is hashed as a stream, never loaded. */
  async function refuseOversized(path: string, size: number): Promise<CaptureResult> {
    const hash = createHash('sha256');
    for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
    const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
    const result = toResult(
      {
        sha256: hash.digest('hex'),
        byteLength: size,
        mimeType: null,
        width: null,
        height: null,
        metrics: null,
        accepted: false,
        reasons: [{ code: 'IMAGE_TOO_LARGE', message: `image too large: ${mb(size)} > ${mb(limits.maxBytes)}; lower the camera's resolution or JPEG quality` }],
        barcodes: [],
        thumbnail: null,
      },
      'watch_folder',
      path,
      undefined,
    );
    options.events.captured(result);
    return result;
  }

  async function restartWatchFolder(): Promise<void> {
    await folder?.stop();
    folder = undefined;
    const { path, settleMs } = current.watchFolder;
    if (closed || !path) {
      watchStatus = { state: 'off', path: null };
      return;
    }
    watchStatus = { state: 'watching', path };
    folder = new WatchFolder({
      path,
      settleMs,
      handle: async (file, size) => {
        const result = size > limits.maxBytes ? await refuseOversized(file, size) : await capture(await readFile(file), 'watch_folder', file);
        return result.accepted ? 'processed' : 'refused';
      },
      // A problem that is not a capture verdict (folder gone, file unreadable or unmovable) shows in the status.
      onError: (error) => {
        watchStatus = { ...watchStatus, error: error.message };
        changed();
      },
      onState: (state) => {
        watchStatus = { path, ...state };
        changed();
      },
    });
    await folder.start();
  }

  return {
    settings: () => current,
    async updateSettings(patch) {
      const next = CameraSettingsSchema.parse({
        ...current,
        ...patch,
        thresholds: { ...current.thresholds, ...patch.thresholds },
        watchFolder: { ...current.watchFolder, ...patch.watchFolder },
      });
      const folderChanged = next.watchFolder.path !== current.watchFolder.path || next.watchFolder.settleMs !== current.watchFolder.settleMs;
      current = next;
      options.settings.save(current);
      if (folderChanged) await restartWatchFolder();
      changed();
      return current;
    },
    status,
    reportSources(next) {
      sources = next;
      changed();
      return status();
    },
    submitStill: (input) => capture(Buffer.from(input.image, 'base64'), 'camera', input.camera, input.trackSettings),
    capture,
    async start() {
      await pruneIncomingStills(options.dataDir, INCOMING_MAX_AGE_MS, now().getTime());
      await restartWatchFolder();
    },
    async close() {
      closed = true;
      await folder?.stop();
      folder = undefined;
    },
  };
}
