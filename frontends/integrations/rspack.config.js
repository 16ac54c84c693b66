// Integrations remote: exposes exactly one ./Module (the carrier screens, the marketplaces next)
// and a mf-manifest.json that the shell finds through /remotes.json. Served by the gateway under /remotes/integrations/.
const path = require('node:path');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/rspack');
const { dependencies } = require('./package.json');
const { sharedSingletons, resolve, typescriptRule } = require('../rspack-common');

const shared = sharedSingletons(dependencies);

module.exports = (_env, argv) => {
  const production = argv.mode !== 'development';
  return {
    mode: production ? 'production' : 'development',
    context: __dirname,
    // The container entry (remoteEntry.js) is added by the federation plugin.
    entry: {},
    output: {
      path: path.resolve(__dirname, 'dist'),
      publicPath: '/remotes/integrations/',
      filename: production ? '[name].[contenthash:8].js' : '[name].js',
      chunkFilename: production ? '[name].[contenthash:8].js' : '[name].js',
      uniqueName: 'integrations',
      clean: true,
    },
    devtool: production ? false : 'cheap-module-source-map',
    resolve,
    module: {
      rules: [
        typescriptRule(production),
        {
          // Injected with the module, so the shell needs no knowledge of the remote's CSS.
          test: /\.css$/,
          use: ['style-loader', 'css-loader', 'postcss-loader'],
          type: 'javascript/auto',
        },
      ],
    },
    plugins: [
      new ModuleFederationPlugin({
        name: 'integrations',
        filename: 'remoteEntry.js',
        exposes: { './Module': './src/remote-entry.tsx' },
        shared,
        // The manifest (mf-manifest.json) is on by default in @module-federation/enhanced; passing
        // `manifest: true` would also switch on rspack's built-in manifest and both would emit it.
        dts: false,
      }),
    ],
    performance: { hints: false },
  };
};
