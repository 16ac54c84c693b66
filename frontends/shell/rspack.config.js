// Shell (Module Federation host). Remotes are not listed here: the shell reads /remotes.json at
// start and registers them at runtime, so a remote can be redeployed without rebuilding the shell.
const path = require('node:path');
const { rspack } = require('@rspack/core');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/rspack');
const { dependencies } = require('./package.json');
const { sharedSingletons, compatibilityRanges, resolve, typescriptRule, contractsSideEffects, PrecompressPlugin } = require('../rspack-common');

const shared = sharedSingletons(dependencies);

/**
 * What every page runs: the shared singletons (React, the router, TanStack Query, the ui-kit with
 * its Radix primitives and icons) and what they import (the contracts, zod). See `framework` below.
 */
const FRAMEWORK = new RegExp(
  [
    String.raw`[\\/]node_modules[\\/](?:react|react-dom|scheduler|react-router|@tanstack|zod|@radix-ui|@floating-ui|tailwind-merge|clsx|react-remove-scroll|react-remove-scroll-bar|react-style-singleton|use-sidecar|use-callback-ref|get-nonce|aria-hidden|tslib)[\\/]`,
    String.raw`[\\/]libs[\\/](?:ui-kit|contracts)[\\/]`,
    String.raw`[\\/]node_modules[\\/]lucide-react[\\/]`,
    String.raw`[\\/]react-router-dom\.shared\.js$`,
  ].join('|'),
);

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
        contractsSideEffects,
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
      // What a remote's shared singletons must satisfy to be loaded (src/remotes/compatibility.ts).
      new rspack.DefinePlugin({ __SHARED_RANGES__: JSON.stringify(compatibilityRanges(dependencies)) }),
      new ModuleFederationPlugin({ name: 'shell', remotes: {}, shared, dts: false, manifest: false }),
      // `.br` and `.gz` beside every file, served by the gateway to browsers that accept them.
      new PrecompressPlugin(),
    ],
    optimization: {
      splitChunks: {
        cacheGroups: {
          // Needed by every page, the first included: one file, not fifteen small ones that each
          // cost a request and its headers.
          framework: {
            test: FRAMEWORK,
            name: 'framework',
            // Not main: what it holds (the federation runtime, zod's settings) must run first.
            chunks: 'async',
            enforce: true,
            priority: 20,
          },
          // react-hook-form and its zod resolver: the form pages (login, registration, reset, invites).
          forms: {
            test: /[\\/]node_modules[\\/](?:react-hook-form|@hookform)[\\/]/,
            name: 'forms',
            chunks: 'async',
            enforce: true,
            priority: 15,
          },
          // rspack's default, except OpenTelemetry, which stays in the one telemetry chunk that uses it.
          defaultVendors: {
            test: /[\\/]node_modules[\\/](?!@opentelemetry[\\/])/,
            priority: -10,
            reuseExistingChunk: true,
          },
        },
      },
    },
    performance: { hints: false },
  };
};
