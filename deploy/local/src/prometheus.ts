import fs from 'node:fs';
import path from 'node:path';
import { rel } from './paths';
import { isPortFree } from './ports';
import { findExecutable, startDaemon } from './proc';

/** One scrape job: a component whose admin server answers `GET /metrics` on 127.0.0.1:`port`. */
export interface ScrapeJob {
  /** Job name, the component's name (e.g. `identity`). */
  name: string;
  port: number;
}

/**
 * prometheus.yml for the local stack: one job per component at `127.0.0.1:<port>/metrics`.
 *
 * @example
 * prometheusConfig(APP_COMPONENTS.map((c) => ({ name: c.name, port: c.devMetricsPort })));
 */
export function prometheusConfig(jobs: readonly ScrapeJob[], scrapeInterval = '15s'): string {
  const lines = [
    '# Generato da deploy/local a ogni avvio dalla tabella dei componenti (deploy/local/src/components.ts):',
    '# le modifiche fatte a mano vanno perse.',
    'global:',
    `  scrape_interval: ${scrapeInterval}`,
    `  evaluation_interval: ${scrapeInterval}`,
    'scrape_configs:',
  ];
  for (const job of jobs) {
    lines.push(
      `  - job_name: ${JSON.stringify(job.name)}`,
      '    metrics_path: /metrics',
      '    static_configs:',
      `      - targets: ["127.0.0.1:${job.port}"]`,
    );
  }
  return `${lines.join('\n')}\n`;
}

/** Path of the prometheus binary (PROMETHEUS_BIN, else PATH; Debian installs /usr/bin/prometheus), or undefined. */
export function findPrometheus(): string | undefined {
  return process.env.PROMETHEUS_BIN || findExecutable('prometheus');
}

export interface PrometheusOptions {
  /** Default {@link findPrometheus}. */
  bin?: string;
  configFile: string;
  /** TSDB folder (`--storage.tsdb.path`). */
  dataDir: string;
  /** Web and API port on 127.0.0.1 (dev 9090). */
  port: number;
  /** Receives each line Prometheus prints (logfmt). */
  onLog?: (line: string) => void;
  /** Milliseconds to wait for `/-/ready`; default 30 s. */
  timeoutMs?: number;
}

/** A running Prometheus. */
export interface PrometheusHandle {
  /** `http://127.0.0.1:PORT` */
  readonly url: string;
  /** SIGTERM (it flushes its head block), SIGKILL after 10 s. */
  stop(): Promise<void>;
}

/**
 * Starts `prometheus --config.file=… --storage.tsdb.path=… --web.listen-address=127.0.0.1:PORT` and
 * waits until `/-/ready` answers 200. Rejects with an Italian reason when it cannot.
 *
 * @example
 * const prom = await startPrometheus({ configFile: '.data/dev/prometheus/prometheus.yml', dataDir: '.data/dev/prometheus/data', port: 9090 });
 */
export async function startPrometheus(options: PrometheusOptions): Promise<PrometheusHandle> {
  const bin = options.bin ?? findPrometheus();
  if (!bin || !fs.existsSync(bin)) throw new Error('prometheus non è installato (deploy/install.sh prova a installarlo)');
  if (!(await isPortFree(options.port))) throw new Error(`porta ${options.port} già in uso`);
  fs.mkdirSync(options.dataDir, { recursive: true });
  const args = [`--config.file=${path.resolve(options.configFile)}`, `--storage.tsdb.path=${path.resolve(options.dataDir)}`, `--web.listen-address=127.0.0.1:${options.port}`];
  const url = `http://127.0.0.1:${options.port}`;
  const daemon = await startDaemon({
    name: 'prometheus',
    bin,
    args,
    readyUrl: `${url}/-/ready`,
    timeoutMs: options.timeoutMs ?? 30_000,
    pollMs: 200,
    onLog: options.onLog,
    quote: 'last',
  });

  return {
    url,
    stop: daemon.stop,
  };
}

export interface OptionalPrometheusOptions {
  jobs: readonly ScrapeJob[];
  /** Folder for `prometheus.yml` and `data/` (dev: `.data/dev/prometheus`). */
  dir: string;
  port: number;
  /** Default {@link findPrometheus}. */
  bin?: string;
  scrapeInterval?: string;
  /** Receives Prometheus's warnings and errors and this function's own one line. */
  log: (line: string) => void;
}

/**
 * `make dev`'s Prometheus: writes `<dir>/prometheus.yml` from the jobs and starts Prometheus on it.
 * Prometheus is optional: when it is missing or does not start, this logs one Italian line saying
 * so (metrics stay on each component's `/metrics`) and resolves undefined instead of failing.
 *
 * @example
 * const prom = await startOptionalPrometheus({ jobs, dir: '.data/dev/prometheus', port: 9090, log: (l) => say('prometheus', l) });
 */
export async function startOptionalPrometheus(options: OptionalPrometheusOptions): Promise<PrometheusHandle | undefined> {
  const configFile = path.join(options.dir, 'prometheus.yml');
  fs.mkdirSync(options.dir, { recursive: true });
  fs.writeFileSync(configFile, prometheusConfig(options.jobs, options.scrapeInterval));
  try {
    const prometheus = await startPrometheus({
      bin: options.bin,
      configFile,
      dataDir: path.join(options.dir, 'data'),
      port: options.port,
      // Warnings and errors only; the one that acknowledges our own SIGTERM is expected.
      onLog: (line) => /level=(warn|error)/.test(line) && !line.includes('Received SIGTERM') && options.log(line),
    });
    options.log(`pronto su ${prometheus.url} (configurazione in ${rel(configFile)})`);
    return prometheus;
  } catch (err) {
    const targets = options.jobs.map((j) => `${j.name} :${j.port}`).join(', ');
    options.log(`Prometheus non avviato: ${(err as Error).message}. Le metriche restano disponibili su /metrics di ogni componente (${targets}).`);
    return undefined;
  }
}
