// What the shell and every remote build the same way. The shared singletons in particular must
// be identical on both sides of Module Federation, so they are declared once, here.
const path = require('node:path');
const { PrecompressPlugin } = require('./compress-assets');

const ROUTER_EXPORTS = path.resolve(__dirname, 'react-router-dom.shared.js');

/** One React, one router, one QueryClient context, one ui-kit (toast store) across host and remotes. */
function sharedSingletons(dependencies) {
  return {
    react: { singleton: true, requiredVersion: dependencies.react },
    'react-dom': { singleton: true, requiredVersion: dependencies['react-dom'] },
    // The names the frontends use (react-router-dom.shared.js), not the whole router: see there.
    'react-router-dom': {
      singleton: true,
      import: ROUTER_EXPORTS,
      version: require('react-router-dom/package.json').version,
      requiredVersion: dependencies['react-router-dom'],
    },
    '@tanstack/react-query': { singleton: true, requiredVersion: dependencies['@tanstack/react-query'] },
    '@smista/ui-kit': { singleton: true, requiredVersion: false },
  };
}

/**
 * The shell's ranges for the shared singletons, which a remote's build must satisfy to be loaded
 * (frontends/shell/src/remotes/compatibility.ts): the shell's own dependency ranges, and for the
 * ui-kit (a workspace package, `*` in package.json) its version's caret range.
 */
function compatibilityRanges(dependencies) {
  const uiKit = require('../libs/ui-kit/package.json').version;
  return {
    react: dependencies.react,
    'react-dom': dependencies['react-dom'],
    'react-router-dom': dependencies['react-router-dom'],
    '@tanstack/react-query': dependencies['@tanstack/react-query'],
    '@smista/ui-kit': `^${uiKit}`,
  };
}

const resolve = {
  extensions: ['.tsx', '.ts', '.js', '.mjs'],
  // Bundle the contracts from their ESM source so zod is tree-shaken (the dist is CommonJS).
  alias: { '@smista/contracts$': path.resolve(__dirname, '../libs/contracts/src/index.ts') },
};

/**
 * The contracts' modules have no side effect but one (italian-errors.ts installs the Italian zod
 * messages): said so, a chunk that imports one message or schema does not pull in every schema
 * and with them the whole of zod (the shell's first screen needs a few texts).
 */
const contractsSideEffects = {
  test: /[\\/]libs[\\/]contracts[\\/]src[\\/]/,
  exclude: /italian-errors\.ts$/,
  sideEffects: false,
};

/** TypeScript and JSX through rspack's built-in swc. */
function typescriptRule(production) {
  return {
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
  };
}

/**
 * The whole rspack configuration of a remote: exactly one `./Module` (`src/remote-entry.tsx`) and
 * its mf-manifest.json, served wherever it is deployed (`/remotes/<name>/` by default), its CSS injected with the
 * module so the shell needs no knowledge of it.
 *
 * @example module.exports = remoteConfig('settings', __dirname, require('./package.json').dependencies);
 */
function remoteConfig(name, dir, dependencies) {
  // Required here, not at the top: the shell's build does not load it through this helper.
  const { ModuleFederationPlugin } = require('@module-federation/enhanced/rspack');
  const shared = sharedSingletons(dependencies);
  return (_env, argv) => {
    const production = argv.mode !== 'development';
    return {
      mode: production ? 'production' : 'development',
      context: dir,
      // The container entry (remoteEntry.js) is added by the federation plugin.
      entry: {},
      output: {
        path: path.resolve(dir, 'dist'),
        // Wherever the remote is deployed (the gateway's /remotes/<name>/, its own server, a CDN):
        // its chunks load from beside the remoteEntry.js the manifest names.
        publicPath: 'auto',
        filename: production ? '[name].[contenthash:8].js' : '[name].js',
        chunkFilename: production ? '[name].[contenthash:8].js' : '[name].js',
        uniqueName: name,
        // Named so the shell can drop it before it loads a new build of this remote in the same
        // page (shell/src/remotes/registry.ts): the new runtime would adopt the old build's chunks
        // found in it, whose ids the new build reuses.
        chunkLoadingGlobal: `smistaChunks_${name}`,
        clean: true,
      },
      devtool: production ? false : 'cheap-module-source-map',
      resolve,
      module: {
        rules: [
          typescriptRule(production),
          contractsSideEffects,
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
          name,
          filename: 'remoteEntry.js',
          exposes: { './Module': './src/remote-entry.tsx' },
          shared,
          // The manifest (mf-manifest.json) is on by default in @module-federation/enhanced; passing
          // `manifest: true` would also switch on rspack's built-in manifest and both would emit it.
          dts: false,
        }),
        // `.br` and `.gz` beside every file, served by the gateway to browsers that accept them.
        new PrecompressPlugin(),
      ],
      performance: { hints: false },
    };
  };
}

module.exports = { sharedSingletons, compatibilityRanges, resolve, typescriptRule, contractsSideEffects, remoteConfig, PrecompressPlugin };
