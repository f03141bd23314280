import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** A screen's code could not be fetched (the desk server is down, or the page is older than the server's build). */
export class ScreenLoadError extends Error {
  override name = 'ScreenLoadError';
}

/**
 * React.lazy for a screen whose code may fail to load: React.lazy keeps a rejected import for
 * good, so after a failure the next render gets a fresh lazy component that imports again.
 * `current()` is read on each render; the error boundary's retry renders again.
 */
export function lazyScreen<P extends object>(
  load: () => Promise<ComponentType<P>>,
): () => LazyExoticComponent<ComponentType<P>> {
  const make = (): LazyExoticComponent<ComponentType<P>> =>
    lazy(() =>
      load().then(
        (component) => ({ default: component }),
        (error: unknown) => {
          current = make();
          throw new ScreenLoadError(error instanceof Error ? error.message : String(error), { cause: error });
        },
      ),
    );
  let current = make();
  return () => current;
}
