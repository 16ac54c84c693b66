import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { QueryClientProvider } from '@tanstack/react-query';
import { Toaster } from '@smista/ui-kit';
import { App } from './app';
import { createQueryClient } from './lib/query-client';
import { registerRemotesFromManifest } from './remotes/registry';
import { startTelemetryAfterFirstScreen } from './telemetry/load-telemetry';
import './styles.css';

// Register the remotes early; a failure here surfaces later as the in-layout error panel.
registerRemotesFromManifest().catch((error: unknown) => console.warn('[shell] /remotes.json', error));

const queryClient = createQueryClient();

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <App />
        <Toaster />
      </BrowserRouter>
    </QueryClientProvider>
  </StrictMode>,
);

// Browser tracing, if the gateway asks for it, loads as its own chunk once the first screen is up.
startTelemetryAfterFirstScreen(queryClient);
