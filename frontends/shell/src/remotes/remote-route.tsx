import { Component, lazy, Suspense, useState, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import { AlertTriangle, RefreshCw } from 'lucide-react';
import { Button, Card, CardContent, Spinner } from '@smista/ui-kit';
import { t } from '../messages';
import { loadRemoteModule } from './registry';

const lazyByName = new Map<string, LazyExoticComponent<ComponentType>>();
const failed = new Set<string>();

/** One lazy component per remote, kept across visits; forgotten after a failure so a retry reloads. */
function remoteComponent(name: string): LazyExoticComponent<ComponentType> {
  let component = lazyByName.get(name);
  if (!component) {
    const force = failed.has(name);
    component = lazy(() =>
      loadRemoteModule(name, force).then(
        (mod) => {
          failed.delete(name);
          return mod;
        },
        (error: unknown) => {
          failed.add(name);
          lazyByName.delete(name);
          throw error;
        },
      ),
    );
    lazyByName.set(name, component);
  }
  return component;
}

/**
 * Renders a remote's `./Module` inside the layout. While it loads a spinner shows; if it cannot
 * load (or throws while rendering) an error panel with a retry button replaces it, never a blank page.
 */
export function RemoteRoute({ name }: { name: string }) {
  const [attempt, setAttempt] = useState(0);
  const Remote = remoteComponent(name);
  return (
    <RemoteErrorBoundary
      key={attempt}
      onRetry={() => {
        lazyByName.delete(name);
        failed.add(name);
        setAttempt((a) => a + 1);
      }}
    >
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
    console.error('[shell] remote failed', error);
  }

  render() {
    if (!this.state.error) return this.props.children;
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
