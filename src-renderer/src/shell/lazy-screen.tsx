import { use, type ComponentType } from 'react';

/**
 * A screen in its own chunk (docs/architecture.md, "Renderer"), like React.lazy but drawn at once when its chunk is
 * already loaded: main.tsx loads the first screen's chunk before the first render, and navigation is a transition
 * (use-route.ts) that keeps the last screen until the next one's chunk is there. So no "Opening the screen…"
 * flashes, and React's 300 ms throttle on revealing suspended content never applies.
 */
const failed = new Set<() => void>();

/**
 * A screen's stylesheet that could not be fetched stays in the page as a `<link>` with no sheet, and Vite's helper
 * never asks for an address twice: a screen fetched again once the station answers came without its styles (the Reel
 * map's grade colours) until a reload. So a try again puts a new link in its place, which fetches it again.
 */
const failedLinks = new Set<HTMLLinkElement>();
if (typeof document !== 'undefined')
  document.addEventListener(
    'error',
    (event) => {
      if (event.target instanceof HTMLLinkElement) failedLinks.add(event.target);
    },
    // A link's error does not bubble: heard on its way down.
    true,
  );

/** Forgets every screen chunk that could not be fetched: the next render of those screens fetches them again. */
export function retryFailedScreens(): void {
  for (const forget of failed) forget();
  failed.clear();
  for (const link of failedLinks) {
    if (link.rel === 'stylesheet') link.replaceWith(link.cloneNode());
    else link.remove();
  }
  failedLinks.clear();
}

export function lazyScreen<P extends object>(load: () => Promise<ComponentType<P>>): { Screen: ComponentType<P>; preload: () => Promise<unknown> } {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<ComponentType<P>> | undefined;
  // A chunk that could not be fetched (the station not answering) stays failed, so that the screen's render throws to
  // its boundary (shell/ScreenBoundary.tsx) rather than suspend again on a new fetch for ever; `retryFailedScreens`,
  // called by the boundary when it tries again, lets the next render fetch it again.
  const preload = () =>
    (pending ??= load().then(
      (component) => {
        loaded = component;
        return component;
      },
      (error: unknown) => {
        failed.add(() => (pending = undefined));
        throw error;
      },
    ));
  function Screen(props: P) {
    const Component = loaded ?? use(preload());
    return <Component {...props} />;
  }
  return { Screen, preload };
}
