import type { QueryClient } from '@tanstack/react-query';
import { loadPublicConfig } from '../lib/public-config';

/** Runs `task` once the page has loaded and the browser is idle, so the first screen never waits for it. */
function afterFirstScreen(task: () => void): void {
  const whenIdle = () =>
    typeof window.requestIdleCallback === 'function' ? window.requestIdleCallback(task, { timeout: 2000 }) : setTimeout(task, 0);
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}

/**
 * Turns on browser tracing when the gateway asks for it (`public-config.telemetry.traces`): after
 * the first screen, it loads the telemetry chunk with a dynamic `import()`, so a first visit pays
 * nothing for it and a page without tracing never downloads it. A failure only costs the traces.
 *
 * @example startTelemetryAfterFirstScreen(queryClient); // in bootstrap, after render
 */
export function startTelemetryAfterFirstScreen(queryClient: QueryClient): void {
  afterFirstScreen(() => {
    void loadPublicConfig(queryClient)
      .then(async (config) => {
        if (!config?.telemetry.traces) return;
        const { startBrowserTracing } = await import(/* webpackChunkName: "telemetry" */ './telemetry');
        startBrowserTracing();
      })
      .catch((error: unknown) => console.warn('[shell] telemetry', error));
  });
}
