// Orders remote: exposes exactly one ./Module (the orders list and one order's page) and a
// mf-manifest.json that the shell finds through /remotes.json. Served by the gateway under /remotes/orders/.
const { remoteConfig } = require('../rspack-common');

module.exports = remoteConfig('orders', __dirname, require('./package.json').dependencies);
