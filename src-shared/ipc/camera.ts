import { z } from 'zod';
import { SymbolGradeSchema } from './grades';
import { DEFAULT_QUALITY_THRESHOLDS } from '../domain/image-quality';

// Camera part of the station contract (docs/devices.md, "Cameras": the renderer captures
// through Chromium's media stack, main runs the quality gate). Cameras are chosen by name:
// device ids change every session.

/** Largest still main accepts: 40 MB of JPEG/PNG bytes, 50 megapixels decoded. */
export const MAX_STILL_BYTES = 40 * 1024 * 1024;
export const MAX_STILL_PIXELS = 50_000_000;
const MAX_STILL_BASE64 = Math.ceil(MAX_STILL_BYTES / 3) * 4;

const StillMimeTypeSchema = z.enum(['image/jpeg', 'image/png']);
export type StillMimeType = z.infer<typeof StillMimeTypeSchema>;

/**
 * Capture metadata in the spec's words: the `settings` of a scan's `options` (spec:
 * "Public page shapes", public scan verify body). All optional; filled as far as the
 * camera reported them.
 */
const CaptureSettingsSchema = z
  .object({
    autoFocusRangeRestriction: z.enum(['far', 'near', 'none']).nullable(),
    calibrationConfidence: z.number().nullable(),
    calibrationId: z.string().nullable(),
    calibrationVersion: z.string().nullable(),
    calibrationZoom: z.number().nullable(),
    exposureDuration: z.number().nullable(),
    exposureValue: z.number().nullable(),
    flashMode: z.enum(['auto', 'off', 'on', 'torch']).nullable(),
    focusDepth: z.number().nullable(),
    focusMode: z.string().nullable(),
    focusSetPoint: z.number().nullable(),
    focusX: z.number().nullable(),
    focusY: z.number().nullable(),
    iso: z.number().nullable(),
    lensPosition: z.number().nullable(),
    selectedLens: z.string().nullable(),
    zoom: z.number().nullable(),
  })
  .partial()
  .strict();
export type CaptureSettings = z.infer<typeof CaptureSettingsSchema>;

/**
 * What the renderer's video track reported (MediaStreamTrack.getSettings(), Media
 * Capture and Image Capture specs). Main maps it to CaptureSettings.
 */
const TrackSettingsSchema = z
  .object({
    width: z.number().positive(),
    height: z.number().positive(),
    zoom: z.number(),
    focusMode: z.string().max(32),
    focusDistance: z.number(),
    exposureMode: z.string().max(32),
    exposureTime: z.number(),
    exposureCompensation: z.number(),
    iso: z.number(),
    torch: z.boolean(),
    pointsOfInterest: z.array(z.object({ x: z.number(), y: z.number() })).max(8),
  })
  .partial();
export type TrackSettings = z.infer<typeof TrackSettingsSchema>;

export const QualityThresholdsSchema = z.object({
  minLongSide: z.number().int().min(1),
  minShortSide: z.number().int().min(1),
  minFocus: z.number().min(0),
  minContrast: z.number().min(0),
  minMeanLuminance: z.number().min(0).max(255),
  maxMeanLuminance: z.number().min(0).max(255),
  maxClippedShadows: z.number().min(0).max(1),
  maxClippedHighlights: z.number().min(0).max(1),
});

const QualityMetricsSchema = z.object({
  focus: z.number(),
  meanLuminance: z.number(),
  contrast: z.number(),
  clippedShadows: z.number(),
  clippedHighlights: z.number(),
  analysisWidth: z.number().int(),
  analysisHeight: z.number().int(),
});

/** Why a capture was refused; callers branch on `code`. */
export const CaptureRefusalCodeSchema = z.enum([
  'IMAGE_UNDECODABLE',
  'IMAGE_NOT_SUPPORTED',
  'IMAGE_TOO_LARGE',
  'RESOLUTION_TOO_LOW',
  'LOW_DETAIL',
  'TOO_BLURRY',
  'TOO_DARK',
  'TOO_BRIGHT',
  'SHADOWS_CLIPPED',
  'HIGHLIGHTS_CLIPPED',
]);
export type CaptureRefusalCode = z.infer<typeof CaptureRefusalCodeSchema>;

const CaptureReasonSchema = z.object({ code: CaptureRefusalCodeSchema, message: z.string() });
export type CaptureReason = z.infer<typeof CaptureReasonSchema>;

/** A barcode found in the frame, so one capture can also fill the QR or DATA_MATRIX slot. */
const CaptureBarcodeSchema = z.object({
  tagType: z.enum(['QR', 'DATA_MATRIX']),
  value: z.string(),
  /** zxing's format name (QRCode, MicroQRCode, DataMatrix, …). */
  format: z.string(),
});
export type CaptureBarcode = z.infer<typeof CaptureBarcodeSchema>;

export const CaptureSourceSchema = z.enum(['camera', 'watch_folder']);

export const CaptureResultSchema = z.object({
  /** sha256 of the image bytes (hex): how the enrollment commit names the stored still. */
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  byteLength: z.number().int().nonnegative(),
  mimeType: StillMimeTypeSchema.nullable(),
  /** Null when the image could not be decoded. */
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  source: CaptureSourceSchema,
  /** Camera name, or the file path for watch-folder captures. */
  device: z.string(),
  capturedAt: z.string(),
  metrics: QualityMetricsSchema.nullable(),
  accepted: z.boolean(),
  reasons: z.array(CaptureReasonSchema),
  barcodes: z.array(CaptureBarcodeSchema),
  /** Print quality of each QR and Data Matrix read (docs/print-quality.md); absent on stills analysed before grading. */
  grades: z.array(SymbolGradeSchema).optional(),
  /** Small JPEG as a data URL (data:image/jpeg;base64,…); null when undecodable. */
  thumbnail: z.string().nullable(),
  /** The spec's scan `options` as far as the camera reported them. */
  options: z.object({ settings: CaptureSettingsSchema }),
  /** True when the still is kept under the data dir for the enrollment commit (accepted stills only). */
  stored: z.boolean(),
});
export type CaptureResult = z.infer<typeof CaptureResultSchema>;

const CameraResolutionSchema = z.object({
  width: z.number().int().min(160).max(16384),
  height: z.number().int().min(120).max(16384),
});

const WatchFolderSettingsSchema = z.object({
  /** Folder an industrial camera drops image files into; null = off. */
  path: z.string().min(1).nullable(),
  /** How long a file's size must stay unchanged before it is read (partial writes). */
  settleMs: z.number().int().min(50).max(60_000),
});

/**
 * Manual camera controls (Media Capture constraints: focus, exposure, zoom), applied when the
 * camera opens and only where it reports support; a control left out stays the camera's own
 * (automatic) setting.
 */
const CameraControlsSchema = z
  .object({
    zoom: z.number().positive(),
    focusMode: z.enum(['none', 'manual', 'single-shot', 'continuous']),
    /** Used with focusMode `manual` (the camera's units, usually dioptres or metres). */
    focusDistance: z.number().min(0),
    exposureMode: z.enum(['none', 'manual', 'single-shot', 'continuous']),
    /** Used with exposureMode `manual`, in 100 µs units. */
    exposureTime: z.number().min(0),
    exposureCompensation: z.number(),
  })
  .partial()
  .strict();
export type CameraControlSettings = z.infer<typeof CameraControlsSchema>;

export const CameraSettingsSchema = z.object({
  /** The chosen camera's name (MediaDeviceInfo.label); null = the first camera. */
  cameraName: z.string().min(1).nullable(),
  resolution: CameraResolutionSchema,
  thresholds: QualityThresholdsSchema,
  watchFolder: WatchFolderSettingsSchema,
  /** Absent in settings saved before the controls existed: the camera's own settings. */
  controls: CameraControlsSchema.optional(),
});
export type CameraSettings = z.infer<typeof CameraSettingsSchema>;

export const DEFAULT_CAMERA_SETTINGS: CameraSettings = {
  cameraName: null,
  resolution: { width: 1920, height: 1080 },
  thresholds: DEFAULT_QUALITY_THRESHOLDS,
  watchFolder: { path: null, settleMs: 500 },
};

export const CameraSettingsPatchSchema = z
  .object({
    cameraName: z.string().min(1).nullable(),
    resolution: CameraResolutionSchema,
    thresholds: QualityThresholdsSchema.partial(),
    watchFolder: WatchFolderSettingsSchema.partial(),
    /** Replaces the saved controls as a whole ({} = the camera's own settings). */
    controls: CameraControlsSchema,
  })
  .partial()
  .strict();

export const WatchFolderStatusSchema = z.object({
  state: z.enum(['off', 'watching', 'error']),
  path: z.string().nullable(),
  /** Why watching failed and what to do. */
  error: z.string().optional(),
});

/** Cameras the renderer sees (names only: ids change per session), and whether one is streaming. */
export const CameraSourcesSchema = z.object({
  cameras: z.array(z.object({ name: z.string().max(256) })).max(64),
  active: z.string().max(256).nullable(),
  /** The renderer's getUserMedia error (NotFoundError, NotAllowedError, …) with its advice. */
  error: z.object({ code: z.string().max(64), message: z.string().max(1000) }).nullable(),
});

const CameraStatusSchema = z.object({
  settings: CameraSettingsSchema,
  sources: CameraSourcesSchema,
  watchFolder: WatchFolderStatusSchema,
});
export type CameraStatus = z.infer<typeof CameraStatusSchema>;

export const SubmitStillInputSchema = z
  .object({
    /** The still's bytes, base64 (no data: prefix). */
    image: z
      .base64()
      .min(4)
      .max(MAX_STILL_BASE64, `the still is larger than ${MAX_STILL_BYTES / 1024 / 1024} MB`),
    mimeType: StillMimeTypeSchema,
    /** The camera's name (its label). */
    camera: z.string().min(1).max(256),
    trackSettings: TrackSettingsSchema.optional(),
  })
  .strict();

export const cameraCommands = {
  /** A full-resolution still from the renderer: gate, thumbnail, barcodes; stored when accepted. */
  'camera.submitStill': { input: SubmitStillInputSchema, output: CaptureResultSchema },
  'camera.settings.get': { input: z.object({}).strict(), output: CameraSettingsSchema },
  /** Persists the patch (chosen camera by name, resolution, thresholds, watch folder, manual controls). */
  'camera.settings.set': { input: CameraSettingsPatchSchema, output: CameraSettingsSchema },
  'camera.status': { input: z.object({}).strict(), output: CameraStatusSchema },
  /** The renderer tells main which cameras it sees and which one streams. */
  'camera.sources.report': { input: CameraSourcesSchema.strict(), output: CameraStatusSchema },
} as const;

export const cameraEvents = {
  /** Every capture, from the renderer or the watch folder, accepted or refused. */
  'camera.captured': CaptureResultSchema,
  /** Settings, sources or the watch folder state changed. */
  'camera.changed': CameraStatusSchema,
} as const;
