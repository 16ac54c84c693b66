import { Component, lazy, Suspense, useMemo, useState, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import { AlertTriangle, RefreshCw } from 'lucide-react';
import { Button, Card, CardContent, Spinner } from '@smista/ui-kit';
import { t } from '../messages';
import { loadRemoteModule, registeredVersion, RemoteIncompatibleError } from './registry';

/**
 * The remote's module as deployed now, wrapped in a marker naming its version (`display:
 * contents`: no box of its own). Made anew for each visit of the area, so each navigation to it
 * asks which build is deployed (loadRemoteModule); an unchanged build comes from the runtime's
 * cache at once.
 */
function deployedRemote(name: string): LazyExoticComponent<ComponentType> {
  return lazy(async () => {
    const mod = await loadRemoteModule(name);
    const Module = mod.default;
    const version = registeredVersion(name);
    return {
      default: () => (
        <div data-remote={name} data-remote-version={version} style={{ display: 'contents' }}>
          <Module />
        </div>
      ),
    };
  });
}

/**
 * Renders a remote's `./Module` inside the layout. While it loads a spinner shows; if it cannot
 * load (or throws while rendering) an error panel with a retry button replaces it, and a build
 * whose shared singletons the shell refuses says so in Italian: never a blank page.
 */
export function RemoteRoute({ name }: { name: string }) {
  // One instance per area: the routes of every remote render this at the same place, and a
  // reused instance would keep the area left behind mounted (hidden) while the next one loads,
  // where its catch-all route would answer the new address by navigating back to itself.
  return <RemoteArea key={name} name={name} />;
}

function RemoteArea({ name }: { name: string }) {
  const [attempt, setAttempt] = useState(0);
  const Remote = useMemo(() => deployedRemote(name), [name, attempt]);
  return (
    <RemoteErrorBoundary key={attempt} onRetry={() => setAttempt((a) => a + 1)}>
      <Suspense
        fallback={
          <div className="flex min-h-[40vh] items-center justify-center">
            <Spinner label={t.common.loading} />
          </div>
        }
      >
        <Remote />
      </Suspense>
    </RemoteErrorBoundary>
  );
}

interface BoundaryProps {
  onRetry: () => void;
  children: ReactNode;
}

class RemoteErrorBoundary extends Component<BoundaryProps, { error: Error | null }> {
  state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  componentDidCatch(error: Error) {
    if (error instanceof RemoteIncompatibleError) console.warn('[shell]', error.message);
    else console.error('[shell] remote failed', error);
  }

  render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    if (error instanceof RemoteIncompatibleError) {
      return (
        <Card className="mx-auto mt-8 max-w-lg" data-testid="remote-incompatible" role="alert">
          <CardContent className="flex flex-col items-center gap-4 p-8 text-center">
            <AlertTriangle className="h-10 w-10 text-destructive" aria-hidden />
            <h2 className="text-lg font-semibold">{t.remote.incompatibleTitle}</h2>
            <p className="text-sm text-muted-foreground">{t.remote.incompatibleText}</p>
            <ul className="text-xs text-muted-foreground" data-testid="remote-incompatible-detail">
              {error.mismatches.map((m) => (
                <li key={m.name}>{t.remote.incompatibleDetail(m.name, m.version, m.range)}</li>
              ))}
            </ul>
            <Button onClick={this.props.onRetry} data-testid="remote-retry">
              <RefreshCw aria-hidden />
              {t.common.retry}
            </Button>
          </CardContent>
        </Card>
      );
    }
    return (
      <Card className="mx-auto mt-8 max-w-lg" data-testid="remote-error">
        <CardContent className="flex flex-col items-center gap-4 p-8 text-center">
          <AlertTriangle className="h-10 w-10 text-destructive" aria-hidden />
          <h2 className="text-lg font-semibold">{t.remote.failedTitle}</h2>
          <p className="text-sm text-muted-foreground">{t.remote.failedText}</p>
          <Button onClick={this.props.onRetry} data-testid="remote-retry">
            <RefreshCw aria-hidden />
            {t.common.retry}
          </Button>
        </CardContent>
      </Card>
    );
  }
}
