// Capture pipeline per 1600×1200 frame (docs/devices.md, "Cameras"): the station's gate
// (decode at analysis size, focus/exposure/clipping, thumbnail, QR/DataMatrix decode) plus
// keeping the accepted still (fsynced), against the raw sharp work any pipeline needs:
// decode + stats + thumbnail, measured in the same run.
import sharp from 'sharp';
import { analyzeCapture, keepIncomingStill } from '../../src-main/devices/camera';
import { DEFAULT_QUALITY_THRESHOLDS } from '../../src-shared/domain/image-quality';
import { labelFrame } from '../helpers/frames';
import { tempDir } from '../helpers/tmp';
import { median, type Bench } from './harness';

const FRAMES = 8;
const ROUNDS = 5;

async function rawBaseline(frame: Buffer): Promise<void> {
  const { data, info } = await sharp(frame).raw().toBuffer({ resolveWithObject: true });
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
  await Promise.all([sharp(data, raw).stats(), sharp(data, raw).resize(320, 320, { fit: 'inside' }).jpeg({ quality: 80 }).toBuffer()]);
}

/** The same sharp work with the gate's decode at analysis size: isolates the cost of the measures and zxing. */
async function reducedBaseline(frame: Buffer): Promise<void> {
  const { data, info } = await sharp(frame).resize(1024, 1024, { fit: 'inside' }).raw().toBuffer({ resolveWithObject: true });
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
  await Promise.all([sharp(data, raw).stats(), sharp(data, raw).resize(320, 320, { fit: 'inside' }).jpeg({ quality: 80 }).toBuffer()]);
}

async function framesPerSecond(frames: Buffer[], fn: (frame: Buffer) => Promise<unknown>): Promise<number> {
  const start = performance.now();
  for (const frame of frames) await fn(frame);
  return frames.length / ((performance.now() - start) / 1000);
}

export const captureBench: Bench = {
  name: 'capture pipeline',
  async run() {
    const frames = await Promise.all(Array.from({ length: FRAMES }, (_, i) => labelFrame({ seed: 100 + i, qr: `https://example.test/l/${100 + i}` })));
    const data = tempDir('station-bench-capture-');
    const pipeline = async (frame: Buffer) => {
      const analysis = await analyzeCapture(frame, { thresholds: DEFAULT_QUALITY_THRESHOLDS });
      if (!analysis.accepted || analysis.barcodes.length !== 1) throw new Error('bench frame was not accepted with its QR');
      await keepIncomingStill(data.path, frame, {
        ...analysis,
        source: 'camera',
        device: 'bench',
        capturedAt: new Date().toISOString(),
        options: { settings: {} },
        stored: true,
      });
    };
    const gateOnly = (frame: Buffer) => analyzeCapture(frame, { thresholds: DEFAULT_QUALITY_THRESHOLDS });
    await framesPerSecond(frames.slice(0, 2), pipeline);
    await framesPerSecond(frames.slice(0, 2), rawBaseline);
    const full: number[] = [];
    const gate: number[] = [];
    const raw: number[] = [];
    const reduced: number[] = [];
    // Interleaved rounds, so drift on a shared machine hits both sides alike.
    for (let round = 0; round < ROUNDS; round += 1) {
      raw.push(await framesPerSecond(frames, rawBaseline));
      full.push(await framesPerSecond(frames, pipeline));
      gate.push(await framesPerSecond(frames, gateOnly));
      reduced.push(await framesPerSecond(frames, reducedBaseline));
    }
    data.remove();
    const baseline = { name: 'raw sharp decode + stats + thumbnail', value: median(raw) };
    return [
      {
        name: 'capture 1600×1200: gate + thumbnail + QR decode + fsynced store',
        value: median(full),
        unit: 'frames/s',
        better: 'higher',
        baseline,
        target: 'ratio ≥ 0.7',
      },
      { name: 'capture 1600×1200: gate + thumbnail + QR decode (no store)', value: median(gate), unit: 'frames/s', better: 'higher', baseline },
      {
        name: 'capture 1600×1200: gate + thumbnail + QR decode (no store), same decode size',
        value: median(gate),
        unit: 'frames/s',
        better: 'higher',
        baseline: { name: 'sharp decode at 1024 px + stats + thumbnail', value: median(reduced) },
      },
    ];
  },
};
