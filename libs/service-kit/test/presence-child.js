// A process holding its presence, so the test can kill it with SIGKILL like a crashed pod.
const { holdProcessPresence, createLogger } = require('../dist');

(async () => {
  const presence = await holdProcessPresence(process.env.DB_URL, createLogger('presence-child', 'silent'));
  process.send?.(presence.id);
})();
