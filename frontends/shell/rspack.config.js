// Shell (Module Federation host). Remotes are not listed here: the shell reads /remotes.json at
// start and registers them at runtime, so a remote can be redeployed without rebuilding the shell.
const path = require('node:path');
const { rspack } = require('@rspack/core');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/rspack');
const { dependencies } = require('./package.json');

/** Shared singletons: one React, one router, one QueryClient context, one ui-kit (toast store). */
const shared = {
  react: { singleton: true, requiredVersion: dependencies.react },
  'react-dom': { singleton: true, requiredVersion: dependencies['react-dom'] },
  'react-router-dom': { singleton: true, requiredVersion: dependencies['react-router-dom'] },
  'react-router': { singleton: true, requiredVersion: false },
  '@tanstack/react-query': { singleton: true, requiredVersion: dependencies['@tanstack/react-query'] },
  '@smista/ui-kit': { singleton: true, requiredVersion: false },
};

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
    resolve: {
      extensions: ['.tsx', '.ts', '.js', '.mjs'],
      // Bundle the contracts from their ESM source so zod is tree-shaken (the dist is CommonJS).
      alias: { '@smista/contracts$': path.resolve(__dirname, '../../libs/contracts/src/index.ts') },
    },
    module: {
      rules: [
        {
          test: /\.tsx?$/,
          exclude: /node_modules/,
          loader: 'builtin:swc-loader',
          options: {
            jsc: {
              parser: { syntax: 'typescript', tsx: true },
              transform: { react: { runtime: 'automatic', development: !production } },
              target: 'es2020',
            },
          },
          type: 'javascript/auto',
        },
        {
          test: /\.css$/,
          use: [rspack.CssExtractRspackPlugin.loader, 'css-loader', 'postcss-loader'],
          type: 'javascript/auto',
        },
      ],
    },
    plugins: [
      new rspack.HtmlRspackPlugin({ template: './src/index.html', inject: 'body' }),
      new rspack.CssExtractRspackPlugin({ filename: 'assets/[name].[contenthash:8].css' }),
      new ModuleFederationPlugin({ name: 'shell', remotes: {}, shared, dts: false, manifest: false }),
    ],
    performance: { hints: false },
  };
};
