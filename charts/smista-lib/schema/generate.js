#!/usr/bin/env node
// @ts-check
/**
 * Writes every chart's values.schema.json from one place. Helm reads that file from each chart
 * folder and does not reliably follow `$ref` into other files, so each one is generated whole:
 *
 *   application chart = smista-lib/schema/application.schema.json (what every chart shares)
 *                     + env and secretEnv from charts/env-contract.json (the variable names), each
 *                       plain variable's schema taken from the chart's overlay, else from
 *                       smista-lib/schema/env-variables.json
 *                     + charts/<chart>/values.schema.overlay.json (optional: the chart's own
 *                       variables and values, e.g. the gateway's port and Ingress)
 *   umbrella          = smista-lib/schema/umbrella.schema.json + one block per application chart.
 *
 * The outputs are build output (git-ignored). charts/build-deps.sh runs this before Helm, and
 * charts/charts.test.ts before it validates. Plain Node, no dependencies, no build step.
 *
 * @example
 *   node charts/smista-lib/schema/generate.js            # writes the schemas, prints their paths
 *   const { writeSchemas } = require('./smista-lib/schema/generate');
 *   writeSchemas();                                       // the same, from the chart tests
 */
'use strict';

const { existsSync, readFileSync, writeFileSync } = require('node:fs');
const { join, relative, resolve } = require('node:path');

const CHARTS_DIR = resolve(__dirname, '..', '..');
const UMBRELLA = 'smista';
const OVERLAY_FILE = 'values.schema.overlay.json';
const OVERLAY_KEYS = ['$comment', 'properties', 'required', 'env', 'definitions'];

/**
 * @typedef {Record<string, any>} Schema
 * @typedef {{ env: string[], optionalEnv: string[], secretEnv: string[] }} ContractEntry
 * @typedef {{
 *   application: Schema,
 *   umbrella: Schema,
 *   variables: { variables: Record<string, Schema>, suffixes: Record<string, Schema> },
 *   contract: Record<string, ContractEntry>,
 *   overlays: Record<string, Schema>,
 * }} Sources
 */

/** @param {string} path */
function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch (err) {
    throw new Error(`${relative(process.cwd(), path)}: ${err instanceof Error ? err.message : String(err)}`);
  }
}

/** @param {unknown} value @returns {value is Schema} */
function isObject(value) {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Everything the schemas are made from, read from `chartsDir`. A chart without an overlay file
 * gets an empty one.
 * @param {string} [chartsDir]
 * @returns {Sources}
 */
function readSources(chartsDir = CHARTS_DIR) {
  const schemaDir = join(chartsDir, 'smista-lib', 'schema');
  /** @type {Record<string, ContractEntry>} */
  const contract = readJson(join(chartsDir, 'env-contract.json'));
  /** @type {Record<string, Schema>} */
  const overlays = {};
  for (const chart of Object.keys(contract)) {
    const path = join(chartsDir, chart, OVERLAY_FILE);
    overlays[chart] = existsSync(path) ? readJson(path) : {};
  }
  return {
    application: readJson(join(schemaDir, 'application.schema.json')),
    umbrella: readJson(join(schemaDir, 'umbrella.schema.json')),
    variables: readJson(join(schemaDir, 'env-variables.json')),
    contract,
    overlays,
  };
}

/**
 * `base` with `overlay` merged in: objects merge key by key, anything else in the overlay
 * replaces what the base has.
 * @param {Schema} base @param {Schema} overlay @returns {Schema}
 */
function deepMerge(base, overlay) {
  const out = structuredClone(base);
  for (const [key, value] of Object.entries(overlay)) {
    out[key] = isObject(value) && isObject(out[key]) ? deepMerge(out[key], value) : structuredClone(value);
  }
  return out;
}

/**
 * Keeps only the definitions the schema refers to (directly or through other definitions), so
 * identity's schema carries no Ingress definition.
 * @param {Schema} schema @returns {Schema}
 */
function pruneDefinitions(schema) {
  const definitions = schema.definitions ?? {};
  const used = new Set();
  /** @param {unknown} node */
  const visit = (node) => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!isObject(node)) return;
    for (const [key, value] of Object.entries(node)) {
      const name = key === '$ref' && typeof value === 'string' ? value.match(/^#\/definitions\/(.+)$/)?.[1] : undefined;
      if (name !== undefined && !used.has(name)) {
        if (!(name in definitions)) throw new Error(`$ref ${value} names no definition`);
        used.add(name);
        visit(definitions[name]);
      } else if (key !== 'definitions') {
        visit(value);
      }
    }
  };
  visit(schema);
  const kept = Object.fromEntries(Object.keys(definitions).sort().filter((name) => used.has(name)).map((name) => [name, definitions[name]]));
  const { definitions: _all, ...rest } = schema;
  return Object.keys(kept).length > 0 ? { ...rest, definitions: kept } : rest;
}

/**
 * The schema of one plain variable: the chart's overlay first, then the shared list by name,
 * then by suffix (`*_GRPC_ADDR`).
 * @param {string} chart @param {string} name @param {Sources} sources @returns {Schema}
 */
function variableSchema(chart, name, sources) {
  const own = sources.overlays[chart].env ?? {};
  if (name in own) return own[name];
  if (name in sources.variables.variables) return sources.variables.variables[name];
  const suffix = Object.keys(sources.variables.suffixes).find((end) => name.endsWith(end));
  if (suffix !== undefined) return sources.variables.suffixes[suffix];
  throw new Error(
    `${chart}: env variable ${name} has no schema. Add it under "env" in charts/${chart}/${OVERLAY_FILE}, ` +
      'or to charts/smista-lib/schema/env-variables.json if other charts read it too.',
  );
}

/**
 * The values schema of one application chart.
 * @param {string} chart @param {Sources} sources @returns {Schema}
 */
function applicationSchema(chart, sources) {
  const lists = sources.contract[chart];
  if (!lists) throw new Error(`${chart} has no entry in charts/env-contract.json`);
  const overlay = sources.overlays[chart] ?? {};
  const unknownKeys = Object.keys(overlay).filter((key) => !OVERLAY_KEYS.includes(key));
  if (unknownKeys.length > 0) {
    throw new Error(`charts/${chart}/${OVERLAY_FILE}: unknown keys ${unknownKeys.join(', ')} (allowed: ${OVERLAY_KEYS.join(', ')})`);
  }
  const listed = [...lists.env, ...lists.optionalEnv];
  const stale = Object.keys(overlay.env ?? {}).filter((name) => !listed.includes(name));
  if (stale.length > 0) {
    throw new Error(`charts/${chart}/${OVERLAY_FILE}: ${stale.join(', ')} not in env or optionalEnv of charts/env-contract.json`);
  }
  /** @type {Record<string, Schema>} */
  const envProperties = {};
  for (const name of listed) envProperties[name] = variableSchema(chart, name, sources);
  const withoutExample = lists.optionalEnv.filter((name) => !Array.isArray(envProperties[name].examples));
  if (withoutExample.length > 0) {
    throw new Error(`${chart}: optional variables need "examples" (a value the tests set them to): ${withoutExample.join(', ')}`);
  }

  const { $comment: _baseComment, $schema, ...base } = sources.application;
  const merged = deepMerge(base, {
    properties: overlay.properties ?? {},
    definitions: overlay.definitions ?? {},
  });
  merged.required = [...new Set([...(base.required ?? []), ...(overlay.required ?? [])])];
  merged.properties.env = {
    ...merged.properties.env,
    required: [...lists.env],
    properties: envProperties,
  };
  merged.properties.secretEnv = {
    ...merged.properties.secretEnv,
    required: [...lists.secretEnv],
    properties: Object.fromEntries(lists.secretEnv.map((name) => [name, { $ref: '#/definitions/secretKeyRef' }])),
  };
  return pruneDefinitions({
    $schema,
    $comment: generatedNote(Object.keys(overlay).length > 0 ? `charts/${chart}/${OVERLAY_FILE}` : undefined),
    title: `${chart} chart values`,
    ...merged,
  });
}

/**
 * The umbrella's values schema: global plus one block per application chart.
 * @param {Sources} sources @returns {Schema}
 */
function umbrellaSchema(sources) {
  const charts = Object.keys(sources.contract);
  const { $comment: _baseComment, $schema, ...base } = sources.umbrella;
  return pruneDefinitions({
    $schema,
    $comment: generatedNote(),
    title: `${UMBRELLA} umbrella chart values`,
    ...base,
    required: [...new Set([...(base.required ?? []), ...charts])],
    properties: {
      ...base.properties,
      ...Object.fromEntries(charts.map((chart) => [chart, { $ref: '#/definitions/subchart' }])),
    },
    definitions: { ...sources.application.definitions, ...base.definitions },
  });
}

/** @param {string} [overlayPath] */
function generatedNote(overlayPath) {
  const sources = ['charts/smista-lib/schema', 'charts/env-contract.json', ...(overlayPath ? [overlayPath] : [])].join(', ');
  return `Generated by charts/smista-lib/schema/generate.js from ${sources}. Do not edit: run charts/build-deps.sh.`;
}

/**
 * Every schema, by the path it is written to (relative to `chartsDir`).
 * @param {Sources} sources @returns {Record<string, Schema>}
 */
function buildSchemas(sources) {
  /** @type {Record<string, Schema>} */
  const out = {};
  for (const chart of Object.keys(sources.contract)) out[join(chart, 'values.schema.json')] = applicationSchema(chart, sources);
  out[join(UMBRELLA, 'values.schema.json')] = umbrellaSchema(sources);
  return out;
}

/**
 * Writes every chart's values.schema.json and returns the paths written.
 * @param {string} [chartsDir] @returns {string[]}
 */
function writeSchemas(chartsDir = CHARTS_DIR) {
  const schemas = buildSchemas(readSources(chartsDir));
  return Object.entries(schemas).map(([path, schema]) => {
    const target = join(chartsDir, path);
    writeFileSync(target, `${JSON.stringify(schema, null, 2)}\n`);
    return target;
  });
}

module.exports = { readSources, buildSchemas, applicationSchema, umbrellaSchema, writeSchemas, OVERLAY_FILE };

if (require.main === module) {
  try {
    for (const path of writeSchemas()) console.log(`wrote ${relative(process.cwd(), path)}`);
  } catch (err) {
    console.error(`generate.js: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  }
}
