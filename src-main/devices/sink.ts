import type { TagType } from '../../src-shared/api/common';
import type { IdentifierRead } from '../../src-shared/domain/identifier-read';
import type { DeviceKind, DeviceState, DeviceStatusCode, DeviceTransport, ReadRejected } from '../../src-shared/ipc/devices';

export interface StatusUpdate {
  state: DeviceState;
  code?: DeviceStatusCode;
  reason?: string;
}

/** A device a source found by itself (a reader attached, a HID scanner plugged in). */
export interface Discovered {
  id: string;
  kind: DeviceKind;
  transport: DeviceTransport;
  name: string;
  vendorId?: string;
  productId?: string;
}

/** What a device source reports to the supervisor. */
export interface DeviceSink {
  discovered(device: Discovered): void;
  read(read: IdentifierRead): void;
  rejected(rejected: ReadRejected): void;
  status(device: string, update: StatusUpdate): void;
  /** The slot a device feeds, for typing reads without a symbology id. */
  role(device: string): TagType | null;
  now(): Date;
}
