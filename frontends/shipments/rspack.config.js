// Shipments remote: exposes exactly one ./Module (the shipments list with its dialogs and details
// drawer) and a mf-manifest.json that the shell finds through /remotes.json. Served by the gateway
// under /remotes/shipments/.
const { remoteConfig } = require('../rspack-common');

module.exports = remoteConfig('shipments', __dirname, require('./package.json').dependencies);
