// What the shell and every remote build the same way. The shared singletons in particular must
// be identical on both sides of Module Federation, so they are declared once, here.
const path = require('node:path');

/** One React, one router, one QueryClient context, one ui-kit (toast store) across host and remotes. */
function sharedSingletons(dependencies) {
  return {
    react: { singleton: true, requiredVersion: dependencies.react },
    'react-dom': { singleton: true, requiredVersion: dependencies['react-dom'] },
    'react-router-dom': { singleton: true, requiredVersion: dependencies['react-router-dom'] },
    'react-router': { singleton: true, requiredVersion: false },
    '@tanstack/react-query': { singleton: true, requiredVersion: dependencies['@tanstack/react-query'] },
    '@smista/ui-kit': { singleton: true, requiredVersion: false },
  };
}

const resolve = {
  extensions: ['.tsx', '.ts', '.js', '.mjs'],
  // Bundle the contracts from their ESM source so zod is tree-shaken (the dist is CommonJS).
  alias: { '@smista/contracts$': path.resolve(__dirname, '../libs/contracts/src/index.ts') },
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

module.exports = { sharedSingletons, resolve, typescriptRule };
