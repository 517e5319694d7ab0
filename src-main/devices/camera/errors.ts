import type { CaptureRefusalCode } from '../../../src-shared/ipc/camera';

/** An image the gate cannot judge at all (not decodable, not a supported type, too large). */
export class ImageRefusedError extends Error {
  readonly code: Extract<CaptureRefusalCode, 'IMAGE_UNDECODABLE' | 'IMAGE_NOT_SUPPORTED' | 'IMAGE_TOO_LARGE'>;

  constructor(code: ImageRefusedError['code'], message: string) {
    super(message);
    this.name = 'ImageRefusedError';
    this.code = code;
  }
}
