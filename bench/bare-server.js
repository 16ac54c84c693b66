// @ts-check
/**
 * The baseline: a bare Express handler answering a fixed small JSON, in its own process like the
 * gateway (so it does not share an event loop with autocannon). Prints `listening <port>`.
 */
const express = require('express');

const app = express();
app.disable('x-powered-by');
const body = { id: '00000000-0000-4000-8000-000000000000', username: 'bench', firstName: 'Bench', lastName: 'Mark' };
app.get('/', (_req, res) => {
  res.json(body);
});
const server = app.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.stdout.write(`listening ${typeof address === 'object' && address ? address.port : 0}\n`);
});
server.keepAliveTimeout = 65_000;
process.on('SIGTERM', () => server.close(() => process.exit(0)));
