/** The screens of the station, in navigation order; a screen's id is its hash route (`#/bench`). */
export const SCREENS = ['connect', 'reels', 'reelMap', 'bench', 'bulkBind', 'verify', 'report', 'shift', 'queue', 'devices', 'settings'] as const;
export type ScreenId = (typeof SCREENS)[number];

export function screenFromHash(hash: string): ScreenId | undefined {
  const id = hash.replace(/^#\/?/, '').split('?')[0];
  return (SCREENS as readonly string[]).includes(id ?? '') ? (id as ScreenId) : undefined;
}

/** Screen parameters after `?` in the hash (`#/bench?reel=…`). */
export function hashParams(hash: string): URLSearchParams {
  const at = hash.indexOf('?');
  return new URLSearchParams(at >= 0 ? hash.slice(at + 1) : '');
}
