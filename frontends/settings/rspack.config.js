// Settings remote: exposes exactly one ./Module (the settings area) and a mf-manifest.json that
// the shell finds through /remotes.json. Served by the gateway under /remotes/settings/.
const { remoteConfig } = require('../rspack-common');

module.exports = remoteConfig('settings', __dirname, require('./package.json').dependencies);
