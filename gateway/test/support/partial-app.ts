import { APP_COMPONENTS, type AppComponent } from '../../../deploy/local/src/components';
import { grpcAddrVar } from '../../../deploy/local/src/services';

/**
 * Some of the application's components, for suites that need only those (startApp's `components`),
 * and the gateway variables that point its other peers at a closed port: calls to them fail at
 * once (503) instead of the gateway refusing to start for a missing address.
 *
 * @example
 * const { components, absentPeers } = partialApp(['identity', 'merchants', 'gateway']);
 */
export function partialApp(names: readonly string[]): { components: AppComponent[]; absentPeers: Record<string, string> } {
  const components = APP_COMPONENTS.filter((c) => names.includes(c.name));
  const absentPeers = Object.fromEntries(
    APP_COMPONENTS.filter((c) => c.kind === 'grpc' && !components.includes(c)).map((c) => [grpcAddrVar(c.name), '127.0.0.1:9']),
  );
  return { components, absentPeers };
}
