#!/usr/bin/env node
/**
 * Local stack runner.
 *   node deploy/local/dist/cli.js dev            whole stack in the foreground (what `make dev` runs)
 *   node deploy/local/dist/cli.js infra [test]   only PostgreSQL, NATS, Redis, the mail catcher, Jaeger,
 *                                                the sample pages and the sandboxes
 * A component that dies is started again (0.5 s, 1 s, 2 s … up to 30 s between tries), and the
 * runner says so on its lines. Ctrl-C stops everything: gateway, services, Prometheus, carrier
 * sandboxes, sample pages, Jaeger, mail catcher, Redis, NATS, PostgreSQL.
 * SANDBOX_LATENCY_MS (default 0) delays every answer of the carrier sandboxes, to see the screens
 * wait as they would on the real APIs. Once everything answers, `dev` prepares the demo (user,
 * 'Bottega Demo', carriers, eBay, rules, labels: demo-seed.ts) through the gateway and prints its
 * login beside `Smista è pronto`; SMISTA_DEMO=0 leaves it out, SMISTA_DEMO_EMAIL and
 * SMISTA_DEMO_PASSWORD choose the login.
 */
import { prepareDemo } from './demo-seed';
import { paint, prefixLines } from './log-format';
import { PortInUseError } from './ports';
import { ServiceStartError } from './service';
import { APP_COMPONENTS, SANDBOXES } from './components';
import { sandboxLatencyMs, startInfra, startStack, testPortOffset, type Profile } from './stack';

const colour = !!process.stdout.isTTY && !process.env.NO_COLOR;
const width = Math.max(8, ...APP_COMPONENTS.map((c) => c.name.length));
const say = (component: string, line: string) => process.stdout.write(`${prefixLines(component, line, width, colour)}\n`);
const fatal = (message: string) => process.stderr.write(`${paint(message, 31, colour)}\n`);

/**
 * Runs `start`, then `ready` (whose lines it prints; a signal meanwhile aborts it), then keeps the
 * process up until SIGINT/SIGTERM and calls the returned stop.
 */
async function runUntilSignal(start: () => Promise<{ stop(): Promise<void> }>, ready: (signal: AbortSignal) => Promise<string[]> | string[]): Promise<void> {
  let stopRequested = false;
  const readying = new AbortController();
  let stopper: { stop(): Promise<void> } | undefined;
  let stopping: Promise<void> | undefined;
  const shutdown = (signal: string) => {
    if (stopping || (stopRequested && !stopper)) {
      fatal(`${signal} di nuovo: arresto forzato`);
      process.exit(130);
    }
    stopRequested = true;
    readying.abort();
    if (!stopper) {
      say('smista', 'arresto appena finito l’avvio…');
      return;
    }
    say('smista', 'arresto in corso (gateway, servizi, Prometheus, sandbox, tracce, posta, Redis, NATS, PostgreSQL)…');
    stopping = stopper.stop().then(
      () => {
        say('smista', 'fermato.');
        process.exit(0);
      },
      (err: Error) => {
        fatal(`errore durante l'arresto: ${err.message}`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));

  try {
    stopper = await start();
  } catch (err) {
    if (err instanceof PortInUseError || err instanceof ServiceStartError) fatal(err.message);
    else fatal(`Avvio fallito: ${(err as Error).message}`);
    process.exit(1);
  }
  if (stopRequested) {
    stopRequested = false;
    shutdown('SIGINT');
    return;
  }
  const lines = await ready(readying.signal);
  if (stopRequested) return;
  for (const line of lines) process.stdout.write(`${line}\n`);
}

async function dev(): Promise<void> {
  const gatewayPort = process.env.PORT ? Number(process.env.PORT) : undefined;
  if (gatewayPort !== undefined && !(Number.isInteger(gatewayPort) && gatewayPort > 0 && gatewayPort < 65536)) {
    fatal(`PORT non valido: ${process.env.PORT}`);
    process.exit(1);
  }
  let baseUrl = '';
  let mailUrl = '';
  let tracesUrl = '';
  let sandboxUrls: Record<string, string> = {};
  let prometheusUrl: string | null = null;
  await runUntilSignal(
    async () => {
      const stack = await startStack('dev', {
        gatewayPort,
        colour,
        sandboxLatencyMs: sandboxLatencyMs(),
        log: say,
        onMail: (m) => say('mail', `nuovo messaggio per ${m.to}: «${m.subject}» → ${mailUrl}`),
        // A component that dies comes back with backoff; its lines say when (`identity riavviato`).
        restart: true,
      });
      baseUrl = stack.baseUrl;
      mailUrl = stack.mailUrl;
      tracesUrl = stack.tracesUrl;
      sandboxUrls = stack.sandboxUrls;
      prometheusUrl = stack.prometheusUrl;
      return stack;
    },
    // Once the stack answers, the demo (SMISTA_DEMO=0 leaves it out); its failure is one line, the stack stays up.
    async (signal) => [
      `Posta catturata: ${mailUrl}`,
      `Tracce (Jaeger): ${tracesUrl}`,
      ...sandboxLines(sandboxUrls),
      prometheusUrl
        ? `Metriche (Prometheus): ${prometheusUrl}`
        : `Metriche: Prometheus non è in esecuzione; ogni componente le espone su /metrics (${APP_COMPONENTS.map((c) => `${c.name} :${c.devMetricsPort}`).join(', ')})`,
      ...(await demoLines(baseUrl, signal)),
      paint(`Smista è pronto: ${baseUrl}`, 32, colour),
    ],
  );
}

/** One line per sandbox the stack runs, with its README (sellers, passwords, accounts). */
function sandboxLines(urls: Record<string, string>): string[] {
  return SANDBOXES.filter((row) => urls[row.name]).map((row) => `Sandbox ${row.ports[row.name]!.label.replace(/^sandbox /, '')}: ${urls[row.name]} (account e password in ${row.readme})`);
}

/** The demo's lines for the ready block: the login in bold, a problem in yellow; none with SMISTA_DEMO=0. */
async function demoLines(baseUrl: string, signal: AbortSignal): Promise<string[]> {
  try {
    const { lines, result } = await prepareDemo({ env: process.env, baseUrl, signal, log: (line) => say('demo', line) });
    return lines.map((line) => paint(line, result?.outcome === 'ready' ? 1 : 33, colour));
  } catch (err) {
    // The seed answers its failures; this is for a defect of its own, which must not stop the stack either.
    return [paint(`Demo non completata: ${(err as Error).message}. Lo stack resta attivo.`, 33, colour)];
  }
}

async function infra(profile: Profile): Promise<void> {
  let lines: string[] = [];
  await runUntilSignal(
    async () => {
      const started = await startInfra({
        profile,
        offset: profile === 'test' ? testPortOffset() : 0,
        log: say,
        sandboxLatencyMs: profile === 'dev' ? sandboxLatencyMs() : 0,
      });
      lines = [
        `DATABASE (admin): ${started.postgres.url()}`,
        `NATS_URL=${started.nats.url}`,
        `REDIS_URL=${started.redis.url}`,
        `SMTP_URL=${started.mail.smtpUrl}`,
        `OTEL_EXPORTER_OTLP_ENDPOINT=${started.traces.otlpUrl}`,
        `LEGAL_TERMS_URL=${started.pages.legalUrls.termsUrl}`,
        `LEGAL_PRIVACY_URL=${started.pages.legalUrls.privacyUrl}`,
        // What each sandbox row points its consumers at (GLS_BASE_URL=…).
        ...SANDBOXES.flatMap((row) =>
          Object.values(row.consumers ?? {}).flatMap((variables) => Object.entries(variables(started.sandboxes[row.name]!.url)).map(([key, value]) => `${key}=${value}`)),
        ),
        `Posta catturata: ${started.mail.httpUrl}`,
        `Tracce (Jaeger): ${started.traces.url}`,
        paint(`Infrastruttura ${profile} pronta.`, 32, colour),
      ];
      return started;
    },
    () => lines,
  );
}

const [command, arg] = process.argv.slice(2);
if (command === 'dev') void dev();
else if (command === 'infra' && (arg === undefined || arg === 'dev' || arg === 'test')) void infra((arg as Profile) ?? 'dev');
else {
  process.stderr.write('uso: cli.js dev | cli.js infra [dev|test]\n');
  process.exit(2);
}
