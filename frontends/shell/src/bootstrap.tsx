import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { QueryClientProvider } from '@tanstack/react-query';
import { Toaster } from '@smista/ui-kit';
import { App } from './app';
import { browserStorage, captureOAuthCallback } from './lib/oauth-callback';
import { createQueryClient } from './lib/query-client';
import { startTelemetryAfterFirstScreen } from './telemetry/load-telemetry';
import './styles.css';

// The marketplace callback route sits behind the login guard, and its page is a chunk of its own:
// what the marketplace sent is kept now, before a guard can send the user to /auth and drop the
// query (the page reads it back from storage after the login).
captureOAuthCallback(window.location, browserStorage(), Date.now());

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
