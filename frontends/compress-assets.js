// Precompression of the built frontends: a `.br` (brotli, quality 11) and a `.gz` (gzip, level 9)
// beside every text file a browser downloads, so the gateway (gateway/src/static.ts) sends the
// compressed bytes without compressing anything per request. Node's own zlib: nothing to install.
//
// Used by every rspack build (the shell's config and rspack-common.js's remoteConfig) through
// {@link PrecompressPlugin}; also runnable alone: `node frontends/compress-assets.js <dist dir>...`.
const fs = require('node:fs/promises');
const path = require('node:path');
const { promisify } = require('node:util');
const zlib = require('node:zlib');

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** What the browser fetches as text; images other than SVG and fonts are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json)$/i;
/** Below this, the saving is smaller than the cost of one more file and a header or two. */
const MIN_BYTES = 1024;

/**
 * Writes `<file>.br` and `<file>.gz` beside `file` (each only if it is smaller than the original);
 * answers the sizes. The async zlib calls run on libuv's pool, so files compress in parallel.
 *
 * @param {string} file
 * @returns {Promise<{ file: string, bytes: number, br?: number, gz?: number } | null>} null when skipped
 */
async function compressFile(file) {
  if (!COMPRESSIBLE.test(file)) return null;
  const data = await fs.readFile(file);
  if (data.length < MIN_BYTES) return null;
  const [br, gz] = await Promise.all([
    brotli(data, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    }),
    gzip(data, { level: zlib.constants.Z_BEST_COMPRESSION }),
  ]);
  /** @type {{ file: string, bytes: number, br?: number, gz?: number }} */
  const out = { file, bytes: data.length };
  // A stale variant from an earlier build must never be served for new content.
  for (const [ext, body, key] of /** @type {const} */ ([['.br', br, 'br'], ['.gz', gz, 'gz']])) {
    if (body.length < data.length) {
      await fs.writeFile(file + ext, body);
      out[key] = body.length;
    } else {
      await fs.rm(file + ext, { force: true });
    }
  }
  return out;
}

/**
 * Compresses every file of `dir` (recursively) that {@link compressFile} takes.
 *
 * @param {string} dir
 * @returns {Promise<Array<{ file: string, bytes: number, br?: number, gz?: number }>>}
 */
async function compressDir(dir) {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath ?? e.path, e.name));
  const results = await Promise.all(files.map(compressFile));
  return results.filter((r) => r !== null);
}

/**
 * rspack plugin: after a production build has written its files, compresses what it emitted
 * (`index.html`, `mf-manifest.json` and `remoteEntry.js` included, whichever plugin wrote them).
 *
 * @example plugins: [new PrecompressPlugin()]
 */
class PrecompressPlugin {
  /** @param {import('@rspack/core').Compiler} compiler */
  apply(compiler) {
    compiler.hooks.afterEmit.tapPromise('PrecompressPlugin', async (compilation) => {
      if (compiler.options.mode !== 'production') return;
      const outDir = compilation.outputOptions.path ?? compiler.outputPath;
      const names = compilation.getAssets().map((a) => a.name);
      const results = await Promise.all(names.map((name) => compressFile(path.join(outDir, name))));
      const done = results.filter((r) => r !== null);
      const sum = (/** @type {'bytes' | 'br' | 'gz'} */ k) => done.reduce((a, r) => a + (r[k] ?? r.bytes), 0);
      const kb = (/** @type {number} */ n) => `${(n / 1024).toFixed(0)} KB`;
      compilation.getLogger('PrecompressPlugin').info(`${done.length} file compressi: ${kb(sum('bytes'))} → br ${kb(sum('br'))}, gzip ${kb(sum('gz'))}`);
    });
  }
}

module.exports = { PrecompressPlugin, compressDir, compressFile, COMPRESSIBLE, MIN_BYTES };

if (require.main === module) {
  const dirs = process.argv.slice(2);
  if (!dirs.length) {
    process.stderr.write('uso: node frontends/compress-assets.js <cartella dist>...\n');
    process.exit(2);
  }
  Promise.all(dirs.map(compressDir)).then(
    (all) => process.stdout.write(`${all.flat().length} file compressi\n`),
    (err) => {
      process.stderr.write(`compressione fallita: ${err instanceof Error ? err.message : String(err)}\n`);
      process.exit(1);
    },
  );
}
