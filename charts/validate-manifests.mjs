#!/usr/bin/env node
// Validates Kubernetes manifests (the output of `helm template`, several YAML documents) against the
// Kubernetes API's own OpenAPI schemas, as packaged by the npm `kubernetes-models` (see
// charts/README.md, "Checks with Helm", for why this package). Offline: the schemas are in
// node_modules. Two passes over every object:
//   1. the package's validator for its kind (the API's OpenAPI schema: types, required fields,
//      formats such as quantities, enums);
//   2. strict fields: the OpenAPI schemas allow any unknown field (the API server drops it, with a
//      warning at most), so a misspelt `readinesProbe` would pass the first; the package's TypeScript
//      declarations of the same types have every field, and the TypeScript compiler's excess property
//      check on the object as a literal refuses any other (what kubeconform's -strict does).
// An object whose apiVersion/kind the package does not know (a typo, a custom resource) is a
// problem too, and so is an alpha or beta API version: the package keeps the schemas of APIs
// Kubernetes has since removed (policy/v1beta1, autoscaling/v2beta2…), and any release may remove
// a beta API; the charts use only stable ones.
//
//   helm template smista charts/smista | node charts/validate-manifests.mjs
//   node charts/validate-manifests.mjs rendered.yaml [more.yaml…] [--json]
//
// Prints one line per problem (or, with --json, an array of { file, index, kind, name, problems })
// and exits 1 when there is any. An ES module because kubernetes-models is published as one only.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import yaml from 'js-yaml';
import ts from 'typescript';

const CHARTS_DIR = dirname(fileURLToPath(import.meta.url));

/**
 * The kubernetes-models class for an apiVersion and kind, or undefined when the package has none.
 * "v1" is the core group (kubernetes-models/v1), "apps/v1" a named one (kubernetes-models/apps/v1).
 * @param {string} apiVersion
 * @param {string} kind
 */
async function modelFor(apiVersion, kind) {
  if (!/^([a-z0-9.-]+\/)?v[0-9]+((alpha|beta)[0-9]+)?$/.test(apiVersion) || !/^[A-Z][A-Za-z0-9]*$/.test(kind)) return undefined;
  try {
    const group = await import(`kubernetes-models/${apiVersion}`);
    return typeof group[kind] === 'function' ? group[kind] : undefined;
  } catch (error) {
    const code = /** @type {{ code?: string }} */ (error).code;
    if (code === 'ERR_PACKAGE_PATH_NOT_EXPORTED' || code === 'ERR_MODULE_NOT_FOUND') return undefined;
    throw error;
  }
}

/**
 * Pass 1 for one parsed document: its kind's schema. `known` is false when there is no schema to
 * check it against (pass 2 then skips it).
 * @param {unknown} document
 * @returns {Promise<{ known: boolean, problems: string[] }>}
 */
async function schemaProblems(document) {
  if (document === null || typeof document !== 'object' || Array.isArray(document)) {
    return { known: false, problems: ['not a Kubernetes object (a YAML mapping with apiVersion and kind)'] };
  }
  const { apiVersion, kind } = /** @type {{ apiVersion?: unknown, kind?: unknown }} */ (document);
  if (typeof apiVersion !== 'string' || typeof kind !== 'string') return { known: false, problems: ['apiVersion and kind must both be set'] };
  if (/\/v[0-9]+(alpha|beta)[0-9]+$/.test(apiVersion) || apiVersion.startsWith('extensions/')) {
    return { known: false, problems: [`${apiVersion} is not a stable API version: use the GA one (apps/v1, policy/v1, autoscaling/v2, networking.k8s.io/v1…)`] };
  }
  const Model = await modelFor(apiVersion, kind);
  if (!Model) return { known: false, problems: [`${apiVersion} ${kind} is not a Kubernetes API kind kubernetes-models knows (removed, misspelt or custom)`] };
  try {
    new Model(document).validate();
    return { known: true, problems: [] };
  } catch (error) {
    const errors = /** @type {{ errors?: { instancePath: string, message?: string }[] }} */ (error).errors;
    if (!errors) throw error;
    // Ajv reports an int-or-string that is neither three times (type, format, oneOf): each names its path.
    return { known: true, problems: errors.map((problem) => `${problem.instancePath || '/'} ${problem.message ?? 'is invalid'}`) };
  }
}

/**
 * Pass 2: every document as an object literal of its kubernetes-models interface, type-checked in
 * one TypeScript program (in memory, beside this file so node_modules resolves). Returns, per
 * index of `documents`, its unknown fields and TypeScript's other complaints (a wrong type, a
 * missing field: what pass 1 says in its own words).
 * @param {{ apiVersion: string, kind: string }[]} documents
 * @returns {{ unknownFields: string[], others: string[] }[]}
 */
function unknownFieldProblems(documents) {
  const file = join(CHARTS_DIR, '.manifests.check.ts');
  let text = documents
    .map(({ apiVersion, kind }, index) => `import type { I${kind} as T${index} } from 'kubernetes-models/${apiVersion}/${kind}';\n`)
    .join('');
  const spans = documents.map((document, index) => {
    const start = text.length;
    text += `export const o${index}: T${index} = ${JSON.stringify(document, null, 1)};\n`;
    return [start, text.length];
  });
  /** @type {import('typescript').CompilerOptions} */
  const options = {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    target: ts.ScriptTarget.ES2022,
    lib: ['lib.es2022.d.ts'],
    types: [],
  };
  const host = ts.createCompilerHost(options);
  const { getSourceFile, fileExists, readFile } = host;
  host.getSourceFile = (name, language, ...rest) => (name === file ? ts.createSourceFile(name, text, language) : getSourceFile.call(host, name, language, ...rest));
  host.fileExists = (name) => name === file || fileExists.call(host, name);
  host.readFile = (name) => (name === file ? text : readFile.call(host, name));
  const program = ts.createProgram([file], options, host);
  const problems = documents.map(() => ({ unknownFields: /** @type {string[]} */ ([]), others: /** @type {string[]} */ ([]) }));
  for (const diagnostic of ts.getPreEmitDiagnostics(program)) {
    const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ');
    const index = diagnostic.file?.fileName === file ? spans.findIndex(([start, end]) => (diagnostic.start ?? -1) >= start && (diagnostic.start ?? -1) < end) : -1;
    if (index === -1) throw new Error(`the strict field check itself failed: ${message}`);
    const path = pathAt(text, diagnostic.start ?? 0, spans[index][0]);
    const unknown = /^Object literal may only specify known properties, (?:and|but) '"?([^'"]+)"?' does not exist in type '([^']+)'/.exec(message);
    if (unknown) problems[index].unknownFields.push(`${path} unknown field "${unknown[1]}" (not in the API's ${unknown[2].replace(/^I/, '')})`);
    else problems[index].others.push(`${path} ${message.length > 300 ? `${message.slice(0, 300)}…` : message}`);
  }
  return problems;
}

/**
 * The JSON path of the object holding a position inside `JSON.stringify(document, null, 1)` (one
 * space per level): for each level above the position's line, the last key opened at that level.
 * Array items show as the array's key.
 * @param {string} text
 * @param {number} position
 * @param {number} start where the declaration starts
 */
function pathAt(text, position, start) {
  const lineStart = text.lastIndexOf('\n', position - 1) + 1;
  const depth = /^ */.exec(text.slice(lineStart))?.[0].length ?? 0;
  const keys = [];
  for (const line of text.slice(start, lineStart).split('\n')) {
    const match = /^( *)"([^"]+)":/.exec(line);
    if (!match) continue;
    keys.length = match[1].length;
    keys[match[1].length - 1] = match[2];
  }
  return `/${keys.slice(0, depth - 1).filter((key) => key !== undefined).join('/')}`;
}

/**
 * Every document of some multi-document YAML texts, validated; empty documents (the `---` between
 * templates that render nothing) are skipped.
 * @param {[string, string][]} inputs file name and text
 */
async function validateManifests(inputs) {
  const results = [];
  const known = [];
  for (const [file, text] of inputs) {
    for (const [index, document] of yaml.loadAll(text, null, { filename: file }).entries()) {
      if (document === null || document === undefined) continue;
      const object = /** @type {{ metadata?: { name?: string }, kind?: unknown }} */ (document);
      const checked = await schemaProblems(document);
      const result = {
        file,
        index,
        kind: typeof object.kind === 'string' ? object.kind : '?',
        name: object.metadata?.name ?? '?',
        problems: checked.problems,
      };
      results.push(result);
      // Pass 1 knew its kind, so it has both apiVersion and kind.
      if (checked.known) known.push({ result, document: /** @type {{ apiVersion: string, kind: string }} */ (document) });
    }
  }
  const strict = unknownFieldProblems(known.map(({ document }) => document));
  known.forEach(({ result }, index) => {
    const { unknownFields, others } = strict[index];
    // TypeScript's other complaints only when pass 1 found nothing: else they repeat it.
    result.problems.push(...unknownFields, ...(result.problems.length === 0 ? others : []));
  });
  return results;
}

async function main() {
  const args = process.argv.slice(2);
  const json = args.includes('--json');
  const files = args.filter((arg) => arg !== '--json');
  /** @type {[string, string][]} */
  const inputs = files.length > 0 ? files.map((file) => [file, readFileSync(file, 'utf8')]) : [['-', readFileSync(0, 'utf8')]];
  const results = await validateManifests(inputs);
  const failing = results.filter((result) => result.problems.length > 0);
  if (json) {
    process.stdout.write(`${JSON.stringify(results)}\n`);
  } else {
    for (const result of failing) {
      for (const problem of result.problems) console.log(`${result.file}: ${result.kind} ${result.name}: ${problem}`);
    }
    console.log(`${results.length} objects, ${failing.length} invalid`);
  }
  process.exitCode = failing.length > 0 ? 1 : 0;
}

await main();
