import { use, type ComponentType } from 'react';

/**
 * A screen in its own chunk (docs/architecture.md, "Renderer"), like React.lazy but drawn at once when its chunk is
 * already loaded: main.tsx loads the first screen's chunk before the first render, and navigation is a transition
 * (use-route.ts) that keeps the last screen until the next one's chunk is there. So no "Opening the screen…"
 * flashes, and React's 300 ms throttle on revealing suspended content never applies.
 */
export function lazyScreen<P extends object>(load: () => Promise<ComponentType<P>>): { Screen: ComponentType<P>; preload: () => Promise<unknown> } {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<ComponentType<P>> | undefined;
  const preload = () =>
    (pending ??= load().then((component) => {
      loaded = component;
      return component;
    }));
  function Screen(props: P) {
    const Component = loaded ?? use(preload());
    return <Component {...props} />;
  }
  return { Screen, preload };
}
