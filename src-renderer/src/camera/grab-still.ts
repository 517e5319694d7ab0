import type { StillMimeType } from '../../../src-shared/ipc';
import { imageCaptureConstructor } from './media-types';

export interface Still {
  blob: Blob;
  mimeType: StillMimeType;
  width: number;
  height: number;
  /** How it was taken: the camera's photo path, or a frame of the video at native size. */
  method: 'takePhoto' | 'videoFrame';
}

async function blobSize(blob: Blob): Promise<{ width: number; height: number }> {
  const bitmap = await createImageBitmap(blob);
  const size = { width: bitmap.width, height: bitmap.height };
  bitmap.close();
  return size;
}

function canvasToJpeg(canvas: HTMLCanvasElement): Promise<Blob> {
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('the frame could not be encoded'))), 'image/jpeg', 0.95),
  );
}

/** A frame of the playing video at the track's native resolution (not the preview's size). */
async function grabVideoFrame(video: HTMLVideoElement): Promise<Still> {
  const canvas = document.createElement('canvas');
  canvas.width = video.videoWidth;
  canvas.height = video.videoHeight;
  const context = canvas.getContext('2d');
  if (!context || canvas.width === 0) throw new Error('the camera has not delivered a frame yet');
  context.drawImage(video, 0, 0, canvas.width, canvas.height);
  const blob = await canvasToJpeg(canvas);
  return { blob, mimeType: 'image/jpeg', width: canvas.width, height: canvas.height, method: 'videoFrame' };
}

/**
 * A full-resolution still: ImageCapture.takePhoto where the camera supports it (it may use
 * the sensor's photo mode), else the current video frame at native size.
 */
export async function grabStill(track: MediaStreamTrack, video: HTMLVideoElement): Promise<Still> {
  const ImageCapture = imageCaptureConstructor();
  if (ImageCapture) {
    try {
      const blob = await new ImageCapture(track).takePhoto();
      if (blob.type === 'image/jpeg' || blob.type === 'image/png') {
        return { blob, mimeType: blob.type, ...(await blobSize(blob)), method: 'takePhoto' };
      }
    } catch {
      // Many UVC drivers have no photo mode; the video frame is the documented fallback.
    }
  }
  return grabVideoFrame(video);
}

/** Base64 of a blob without the data: prefix (the contract's `image` field). */
export function blobToBase64(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('the still could not be read'));
    reader.readAsDataURL(blob);
  });
}
