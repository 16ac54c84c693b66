// Integrations remote: exposes exactly one ./Module (the carrier screens, the marketplaces next)
// and a mf-manifest.json that the shell finds through /remotes.json. Served by the gateway under /remotes/integrations/.
const { remoteConfig } = require('../rspack-common');

module.exports = remoteConfig('integrations', __dirname, require('./package.json').dependencies);
