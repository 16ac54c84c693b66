import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { load } from 'js-yaml';
import { tmpDir } from './paths';
import { getFreePort, isPortFree, sleep } from './ports';
import { findPrometheus, prometheusConfig, startOptionalPrometheus } from './prometheus';
import { APP_COMPONENTS } from './components';

const dir = path.join(tmpDir, `prometheus-test-${crypto.randomBytes(3).toString('hex')}`);
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

interface Config {
  global: { scrape_interval: string };
  scrape_configs: { job_name: string; metrics_path: string; static_configs: { targets: string[] }[] }[];
}

test('the configuration has one job per component of the service table, on its dev metrics port', () => {
  const text = prometheusConfig(APP_COMPONENTS.map((c) => ({ name: c.name, port: c.devMetricsPort })));
  const config = load(text) as Config;
  expect(config.global.scrape_interval).toBe('15s');
  expect(config.scrape_configs).toEqual(
    APP_COMPONENTS.map((c) => ({ job_name: c.name, metrics_path: '/metrics', static_configs: [{ targets: [`127.0.0.1:${c.devMetricsPort}`] }] })),
  );
  expect(config.scrape_configs[0]).toEqual({ job_name: 'identity', metrics_path: '/metrics', static_configs: [{ targets: ['127.0.0.1:9401'] }] });
});

describe('when Prometheus cannot run, one Italian line says so and the stack goes on', () => {
  const attempt = async (bin: string, port?: number) => {
    const lines: string[] = [];
    const handle = await startOptionalPrometheus({ jobs: [{ name: 'gateway', port: 9400 }], dir: path.join(dir, 'missing'), port: port ?? (await getFreePort()), bin, log: (l) => lines.push(l) });
    return { handle, lines };
  };
  const tail = 'Le metriche restano disponibili su /metrics di ogni componente (gateway :9400).';

  test('not installed', async () => {
    expect(await attempt('/nonexistent/prometheus')).toEqual({ handle: undefined, lines: [`Prometheus non avviato: prometheus non è installato (deploy/install.sh prova a installarlo). ${tail}`] });
  });

  test('exits at start', async () => {
    expect(await attempt('/bin/false')).toEqual({ handle: undefined, lines: [`Prometheus non avviato: prometheus è terminato all'avvio (codice 1). ${tail}`] });
  });

  test('port taken', async () => {
    const busy = http.createServer();
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
    const { port } = busy.address() as AddressInfo;
    try {
      expect(await attempt('/bin/false', port)).toEqual({ handle: undefined, lines: [`Prometheus non avviato: porta ${port} già in uso. ${tail}`] });
    } finally {
      busy.close();
    }
  });
});

test('the real Prometheus starts on the generated configuration and scrapes a component', async () => {
  // deploy/install.sh installs Debian's prometheus; the test needs it.
  expect(findPrometheus()).toMatch(/prometheus$/);
  const component = http.createServer((req, res) => {
    res.writeHead(req.url === '/metrics' ? 200 : 404, { 'content-type': 'text/plain; version=0.0.4' });
    res.end(req.url === '/metrics' ? '# TYPE smista_test_total counter\nsmista_test_total 7\n' : '');
  });
  await new Promise<void>((resolve) => component.listen(0, '127.0.0.1', resolve));
  const componentPort = (component.address() as AddressInfo).port;
  const port = await getFreePort();
  const lines: string[] = [];
  const prometheus = await startOptionalPrometheus({
    jobs: [{ name: 'componente', port: componentPort }],
    dir: path.join(dir, 'real'),
    port,
    scrapeInterval: '1s',
    log: (l) => lines.push(l),
  });
  try {
    expect(prometheus?.url).toBe(`http://127.0.0.1:${port}`);
    expect(lines[0]).toMatch(new RegExp(`^pronto su http://127\\.0\\.0\\.1:${port} \\(configurazione in .*prometheus\\.yml\\)$`));
    let value: string | undefined;
    for (let i = 0; i < 150 && value === undefined; i++) {
      const res = await fetch(`${prometheus!.url}/api/v1/query?query=${encodeURIComponent('smista_test_total{job="componente"}')}`);
      const body = (await res.json()) as { data: { result: { metric: Record<string, string>; value: [number, string] }[] } };
      value = body.data.result[0]?.value[1];
      if (value === undefined) await sleep(200);
    }
    expect(value).toBe('7');
    const targets = (await (await fetch(`${prometheus!.url}/api/v1/targets`)).json()) as { data: { activeTargets: { scrapeUrl: string; health: string }[] } };
    expect(targets.data.activeTargets).toEqual([expect.objectContaining({ scrapeUrl: `http://127.0.0.1:${componentPort}/metrics`, health: 'up' })]);
  } finally {
    await prometheus?.stop();
    component.close();
  }
  expect(await isPortFree(port)).toBe(true);
}, 60_000);
