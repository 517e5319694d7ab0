import type Sharp from 'sharp';

// sharp (libvips) loads with the first image the station reads, not with every station: most
// CLI commands (status, enroll without --svc, sync, …) never touch an image (README: Command line).
let loading: Promise<typeof Sharp> | undefined;

export function loadSharp(): Promise<typeof Sharp> {
  loading ??= import('sharp').then((module) => module.default);
  return loading;
}
