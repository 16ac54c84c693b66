// A relay in its own process, so the test can kill it with SIGKILL mid-way like a crashed pod.
const { createPool, connectNats, OutboxRelay, createLogger } = require('../dist');

(async () => {
  const pool = createPool(process.env.DB_URL, 2);
  const { js } = await connectNats(process.env.NATS_URL, 'relay-child');
  const relay = new OutboxRelay({ pool, js, logger: createLogger('relay-child', 'silent'), batchSize: 5, pollMs: 20 });
  await relay.start();
  process.send?.('started');
})();
