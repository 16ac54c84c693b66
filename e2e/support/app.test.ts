import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../../deploy/local/src/paths';
import { APP_COMPONENTS } from '../../deploy/local/src/components';
import { startApp } from './app';

// Smoke test of the real application; `make test` builds every component before jest runs.
const built = APP_COMPONENTS.every((c) => fs.existsSync(path.join(repoRoot, c.dir, c.entry ?? 'dist/main.js')));

test('startApp brings up the built services and the gateway on free ports', async () => {
  expect(built).toBe(true); // run the build first (make build)
  const app = await startApp({ componentEnv: { gateway: { RATE_LIMIT_ENABLED: 'false' } } });
  try {
    expect(app.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const health = await fetch(`${app.baseUrl}/healthz`);
    expect(health.status).toBe(200);
    expect(Object.keys(app.databases).sort()).toEqual(APP_COMPONENTS.filter((c) => c.database).map((c) => c.name).sort());
    expect({ gls: app.glsUrl, poste: app.posteUrl }).toEqual({ gls: process.env.TEST_GLS_URL, poste: process.env.TEST_POSTE_URL });
    // Every service took its configuration (carriers: SECRETS_KEYS, the sandbox URLs) and reaches
    // its database, NATS and the peers it needs.
    for (const c of APP_COMPONENTS) {
      const ready = await fetch(`http://127.0.0.1:${app.metricsPorts[c.name]}/readyz`);
      expect([c.name, ready.status]).toEqual([c.name, 200]);
    }
  } finally {
    await app.stop();
  }
}, 90_000);
