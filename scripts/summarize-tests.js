#!/usr/bin/env node
// Reads jest's --json results and prints, as the very last line, `N passed, N failed`.
// Suites that failed before running any test (syntax error, failing beforeAll import, ...) count as
// failed too. Exits 1 if anything failed, the build failed, jest crashed, or no test ran.
'use strict';
const fs = require('node:fs');

function arg(name) {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}
const resultsFile = arg('--results') || '.tmp/jest-results.json';
const buildFailed = process.argv.includes('--build-failed');
const jestStatus = Number(arg('--jest-status') || 0);

let results;
try {
  results = JSON.parse(fs.readFileSync(resultsFile, 'utf8'));
} catch (err) {
  results = undefined;
}

const notes = [];
let passed = 0;
let failed = 0;
if (!results) {
  notes.push(`risultati di jest assenti (${resultsFile}): jest non è partito o si è interrotto (codice ${jestStatus})`);
} else {
  passed = results.numPassedTests || 0;
  failed = results.numFailedTests || 0;
  // A suite that errors before its tests run reports no failed test; count it once.
  const brokenSuites = (results.testResults || []).filter(
    (s) => s.status === 'failed' && (s.assertionResults || []).every((a) => a.status !== 'failed'),
  );
  failed += brokenSuites.length;
  for (const s of brokenSuites) {
    notes.push(`suite non eseguita: ${s.name.replace(process.cwd() + '/', '')}: ${String(s.message || '').replace(/\x1b\[[0-9;]*m/g, '').split('\n').map((l) => l.trim()).find((l) => l && !l.includes('Test suite failed to run')) || ''}`.trim());
  }
  if (results.numRuntimeErrorTestSuites && results.numRuntimeErrorTestSuites > brokenSuites.length) {
    failed += results.numRuntimeErrorTestSuites - brokenSuites.length;
  }
  if (passed + failed === 0) notes.push('nessun test eseguito');
  if (jestStatus !== 0 && failed === 0 && passed > 0) notes.push(`jest è uscito con codice ${jestStatus} (globalSetup/teardown o handle aperti?)`);
}
if (buildFailed) notes.push('build fallita (npx nx run-many -t build): vedi sopra');

for (const n of notes) console.log(n);
console.log(`${passed} passed, ${failed} failed`);

const ok = results && !buildFailed && failed === 0 && passed > 0 && jestStatus === 0;
process.exit(ok ? 0 : 1);
