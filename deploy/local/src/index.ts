/** @smista/local-stack: run Smista on one machine (dev) or for tests. */
export { startPostgres, createDatabase, dropDatabase, dropDatabases, databaseUrl, findPgBinDir } from './postgres';
export type { PostgresHandle, PostgresOptions } from './postgres';
export { startNats, findNatsServer } from './nats';
export type { NatsHandle, NatsOptions } from './nats';
export { startRedis, findRedisServer, redisCommand } from './redis';
export type { RedisHandle, RedisOptions, RedisReply } from './redis';
export { startMailCatcher } from './mail-catcher';
export type { CaughtMail, MailCatcher, MailCatcherOptions } from './mail-catcher';
export { startJaeger, findJaeger, jaegerConfig, jaegerTrace, searchTraces, jaegerServices, jaegerDependencies } from './jaeger';
export type { DependencyLink, JaegerHandle, JaegerOptions, JaegerPorts, Trace, TraceSearch, TraceSpan } from './jaeger';
export { startSamplePages, legalSampleUrls, LEGAL_SAMPLE_PAGES } from './sample-pages';
export type { SamplePages, SamplePagesOptions } from './sample-pages';
export { prometheusConfig, findPrometheus, startPrometheus, startOptionalPrometheus } from './prometheus';
export type { OptionalPrometheusOptions, PrometheusHandle, PrometheusOptions, ScrapeJob } from './prometheus';
export { machineLoad, describeLoad, ScaledDeadline, MAX_SLOWDOWN, waitFor } from './machine-load';
export type { MachineLoad } from './machine-load';
export { startService, assertBuilt, ServiceStartError, restartDelayMs, DEFAULT_RESTART_POLICY } from './service';
export type { HealthCheck, OutputMode, RestartEvent, RestartPolicy, ServiceHandle, ServiceOptions } from './service';
export { assertPortsFree, getFreePort, isPortFree, PortInUseError } from './ports';
export type { PortClaim } from './ports';
export {
  COMPONENTS,
  APP_COMPONENTS,
  INFRA_COMPONENTS,
  SANDBOXES,
  componentNamed,
  infraRows,
  rowPorts,
  sandboxTestVariable,
  testVariables,
  readmeComponentLines,
} from './components';
export type { AppComponent, Component, EbayApp, InfraComponent, InfraHandles, PortSpec, StackContext } from './components';
export { MAIL_FROM, componentEnv, grpcAddrVar } from './services';
export {
  startInfra,
  startApp,
  startReplica,
  startStack,
  infraPorts,
  infraClaims,
  devAppPorts,
  testPortOffset,
  sandboxLatencyMs,
  callerTokenSecret,
  newSecretsKeys,
  devSecretsKeys,
  DEV_PORTS,
  TEST_PORTS,
  DEV_PROMETHEUS_PORT,
} from './stack';
export type { App, AppOptions, Infra, InfraEndpoints, InfraOptions, InfraPorts, Profile, SandboxHandle, Stack, StackOptions } from './stack';
export { formatLogLine } from './log-format';
export { repoRoot, profilePaths } from './paths';
export { CookieJar, keycloakAdminToken, realmIssuerOf, signInWithKeycloak, KEYCLOAK_REALM, type OidcTokens } from './keycloak';
