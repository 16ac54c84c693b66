/** @smista/local-stack: run Smista on one machine (dev) or for tests. */
export { startPostgres, createDatabase, dropDatabase, dropDatabases, databaseUrl, findPgBinDir } from './postgres';
export type { PostgresHandle, PostgresOptions } from './postgres';
export { startNats, findNatsServer } from './nats';
export type { NatsHandle, NatsOptions } from './nats';
export { startMailCatcher } from './mail-catcher';
export type { CaughtMail, MailCatcher, MailCatcherOptions } from './mail-catcher';
export { startService, assertBuilt, ServiceStartError } from './service';
export type { HealthCheck, OutputMode, ServiceHandle, ServiceOptions } from './service';
export { assertPortsFree, getFreePort, isPortFree, PortInUseError } from './ports';
export type { PortClaim } from './ports';
export { APP_COMPONENTS, MAIL_FROM, componentEnv, grpcAddrVar } from './services';
export type { AppComponent, StackContext } from './services';
export {
  startInfra,
  startApp,
  startStack,
  infraPorts,
  infraClaims,
  devAppPorts,
  testPortOffset,
  callerTokenSecret,
  DEV_PORTS,
  TEST_PORTS,
} from './stack';
export type { App, AppOptions, Infra, InfraEndpoints, InfraOptions, InfraPorts, Profile, Stack, StackOptions } from './stack';
export { formatLogLine } from './log-format';
export { repoRoot, profilePaths } from './paths';
