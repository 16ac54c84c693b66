// Rules remote: exposes exactly one ./Module (the shipping rules: list, dialog, dry run) and a
// mf-manifest.json that the shell finds through /remotes.json. Served by the gateway under
// /remotes/rules/.
const { remoteConfig } = require('../rspack-common');

module.exports = remoteConfig('rules', __dirname, require('./package.json').dependencies);
