// Shell (Module Federation host). Remotes are not listed here: the shell reads /remotes.json at
// start and registers them at runtime, so a remote can be redeployed without rebuilding the shell.
const path = require('node:path');
const { rspack } = require('@rspack/core');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/rspack');
const { dependencies } = require('./package.json');
const { sharedSingletons, resolve, typescriptRule } = require('../rspack-common');

const shared = sharedSingletons(dependencies);

module.exports = (_env, argv) => {
  const production = argv.mode !== 'development';
  return {
    mode: production ? 'production' : 'development',
    context: __dirname,
    entry: { main: './src/index.ts' },
    output: {
      path: path.resolve(__dirname, 'dist'),
      publicPath: '/',
      filename: production ? 'assets/[name].[contenthash:8].js' : 'assets/[name].js',
      chunkFilename: production ? 'assets/[name].[contenthash:8].js' : 'assets/[name].js',
      cssFilename: 'assets/[name].[contenthash:8].css',
      uniqueName: 'shell',
      clean: true,
    },
    devtool: production ? false : 'cheap-module-source-map',
    resolve,
    module: {
      rules: [
        typescriptRule(production),
        {
          test: /\.css$/,
          use: [rspack.CssExtractRspackPlugin.loader, 'css-loader', 'postcss-loader'],
          type: 'javascript/auto',
        },
      ],
    },
    plugins: [
      new rspack.HtmlRspackPlugin({ template: './src/index.html', inject: 'body', favicon: './src/favicon.svg' }),
      new rspack.CssExtractRspackPlugin({ filename: 'assets/[name].[contenthash:8].css' }),
      new ModuleFederationPlugin({ name: 'shell', remotes: {}, shared, dts: false, manifest: false }),
    ],
    performance: { hints: false },
  };
};
