import { startTransition, useCallback, useEffect, useState } from 'react';
import { hashParams, screenFromHash, type ScreenId } from './screens';

/** The current screen lives in the location hash, so a reload keeps the operator where they were. */
export function useRoute(fallback: ScreenId): { screen: ScreenId; params: URLSearchParams; go: (screen: ScreenId, params?: Record<string, string>) => void } {
  const [hash, setHash] = useState(() => window.location.hash);
  useEffect(() => {
    // A transition: the last screen stays until the next one's chunk is loaded (shell/lazy-screen.tsx).
    const onChange = () => startTransition(() => setHash(window.location.hash));
    window.addEventListener('hashchange', onChange);
    return () => window.removeEventListener('hashchange', onChange);
  }, []);
  const go = useCallback((screen: ScreenId, params?: Record<string, string>) => {
    const query = params ? `?${new URLSearchParams(params).toString()}` : '';
    window.location.hash = `#/${screen}${query}`;
  }, []);
  return { screen: screenFromHash(hash) ?? fallback, params: hashParams(hash), go };
}
