// Cameras are chosen by name (their label): a device id is valid for one session only, so a
// saved id would not find the same camera after a restart.

export interface CameraInfo {
  name: string;
  /** Valid for this session only; never persist it. */
  deviceId: string;
}

async function videoInputs(): Promise<MediaDeviceInfo[]> {
  return (await navigator.mediaDevices.enumerateDevices()).filter((d) => d.kind === 'videoinput');
}

/**
 * The cameras attached now. Labels stay empty until the page has camera permission, so
 * when they are empty a short stream is opened once to obtain it.
 */
export async function listCameras(): Promise<CameraInfo[]> {
  let inputs = await videoInputs();
  if (inputs.length > 0 && inputs.every((d) => d.label === '')) {
    const probe = await navigator.mediaDevices.getUserMedia({ video: true });
    for (const track of probe.getTracks()) track.stop();
    inputs = await videoInputs();
  }
  return inputs.map((d, i) => ({ name: d.label || `Camera ${i + 1}`, deviceId: d.deviceId }));
}

/** The camera with this name: exact first, then ignoring case and surrounding space. */
export function findCamera(cameras: CameraInfo[], name: string | null | undefined): CameraInfo | undefined {
  if (!name) return undefined;
  const wanted = name.trim().toLowerCase();
  return cameras.find((c) => c.name === name) ?? cameras.find((c) => c.name.trim().toLowerCase() === wanted);
}
