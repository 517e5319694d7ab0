import { startTransition, useCallback, useEffect, useState } from 'react';
import { hashParams, screenFromHash, type ScreenId } from './screens';

/**
 * The current screen lives in the location hash, so a reload keeps the operator where they were. `screen` is the one
 * shown; `chosen` the one the operator chose, which the nav marks at once while its chunks load (docs/architecture.md,
 * "Renderer"): the two differ only during that transition.
 */
export function useRoute(fallback: ScreenId): {
  screen: ScreenId;
  chosen: ScreenId;
  params: URLSearchParams;
  go: (screen: ScreenId, params?: Record<string, string>) => void;
} {
  const [hash, setHash] = useState(() => window.location.hash);
  const [chosenHash, setChosenHash] = useState(() => window.location.hash);
  useEffect(() => {
    // A transition: the last screen stays until the next one's chunk is loaded (shell/lazy-screen.tsx); the choice
    // itself is an urgent update, so the nav answers the click in the same frame.
    const onChange = () => {
      setChosenHash(window.location.hash);
      startTransition(() => setHash(window.location.hash));
    };
    window.addEventListener('hashchange', onChange);
    return () => window.removeEventListener('hashchange', onChange);
  }, []);
  const go = useCallback((screen: ScreenId, params?: Record<string, string>) => {
    const query = params ? `?${new URLSearchParams(params).toString()}` : '';
    window.location.hash = `#/${screen}${query}`;
  }, []);
  const screen = screenFromHash(hash) ?? fallback;
  return { screen, chosen: screenFromHash(chosenHash) ?? screen, params: hashParams(hash), go };
}
