import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../../deploy/local/src/paths';

/*
 * Schemathesis (the pinned one deploy/install.sh puts in .tools/schemathesis) from the fuzz suite:
 * its run as a child process, and its JUnit report read back into what failed, where, and how to
 * reproduce it.
 */

/** The venv deploy/install.sh makes: its Python, which finds the venv's packages wherever the venv is. */
export const SCHEMATHESIS_PYTHON = path.join(repoRoot, '.tools', 'schemathesis', 'bin', 'python3');
/**
 * The CLI's own entry point, run by the venv's Python rather than through `bin/schemathesis`, whose
 * first line names the venv's path when it was made: a checkout moved or reached through a symlink
 * would find no interpreter there.
 */
const CLI = ['-c', "import sys; from schemathesis.cli import schemathesis; sys.argv[0] = 'schemathesis'; sys.exit(schemathesis())"];

export interface SchemathesisRun {
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  /** Everything it printed (stdout and stderr, interleaved as they came). */
  output: string;
  elapsedMs: number;
}

/**
 * Runs `schemathesis <args>`, its output teed into `logFile` as it comes (a long run can be
 * followed with `tail -f`); resolves when it exits, whatever its exit code.
 */
export function runSchemathesis(args: readonly string[], logFile: string): Promise<SchemathesisRun> {
  if (!fs.existsSync(SCHEMATHESIS_PYTHON)) {
    throw new Error(`Schemathesis non installato (${path.relative(repoRoot, SCHEMATHESIS_PYTHON)}): esegui deploy/install.sh`);
  }
  fs.mkdirSync(path.dirname(logFile), { recursive: true });
  const log = fs.createWriteStream(logFile);
  const started = Date.now();
  // No colours, a wide terminal: the output goes into a file and into a jest message.
  const child = spawn(SCHEMATHESIS_PYTHON, [...CLI, ...args], { cwd: repoRoot, env: { ...process.env, NO_COLOR: '1', COLUMNS: '160', PYTHONUNBUFFERED: '1' }, stdio: ['ignore', 'pipe', 'pipe'] });
  const chunks: Buffer[] = [];
  const take = (chunk: Buffer) => {
    chunks.push(chunk);
    log.write(chunk);
  };
  child.stdout.on('data', take);
  child.stderr.on('data', take);
  return new Promise((resolve, reject) => {
    child.on('error', (err) => {
      log.end();
      reject(err);
    });
    child.on('close', (exitCode, signal) => {
      log.end();
      resolve({ exitCode, signal, output: Buffer.concat(chunks).toString('utf8'), elapsedMs: Date.now() - started });
    });
  });
}

/** One operation's failure or error in the report. */
export interface FuzzProblem {
  /** `GET /api/orders/{id}`. */
  operation: string;
  kind: 'failure' | 'error';
  /** The checks that failed (`not_a_server_error, status_code_conformance`), for a failure. */
  checks: string;
  /** Schemathesis's own account: each failing case, the response, and the curl that reproduces it. */
  details: string;
}

export interface JunitReport {
  /** Operations with a test case: every one tested. */
  tests: number;
  failures: number;
  errors: number;
  skipped: number;
  /** The operations tested, in the report's order. */
  operations: string[];
  problems: FuzzProblem[];
}

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

function unescapeXml(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, entity: string) => {
    if (entity[0] === '#') return String.fromCodePoint(entity[1] === 'x' || entity[1] === 'X' ? parseInt(entity.slice(2), 16) : Number(entity.slice(1)));
    return ENTITIES[entity] ?? whole;
  });
}

const attribute = (tag: string, name: string): string | undefined => {
  const match = new RegExp(`\\s${name}="([^"]*)"`).exec(tag);
  return match ? unescapeXml(match[1]!) : undefined;
};

/**
 * Schemathesis's JUnit report (ElementTree's output: one `testsuite`, a `testcase` per operation
 * with its `failure`, `error` or `skipped` children) as counts and problems. Read by hand: a flat,
 * machine-written format that needs no XML library.
 */
export function readJunitReport(xml: string): JunitReport {
  const suite = /<testsuite\s[^>]*>/.exec(xml)?.[0];
  if (!suite) throw new Error('report JUnit senza testsuite');
  const count = (name: string) => Number(attribute(suite, name) ?? NaN);
  const operations: string[] = [];
  const problems: FuzzProblem[] = [];
  for (const match of xml.matchAll(/<testcase\s([^>]*?)(\/>|>([\s\S]*?)<\/testcase>)/g)) {
    const operation = attribute(` ${match[1]!}`, 'name') ?? '?';
    operations.push(operation);
    for (const child of (match[3] ?? '').matchAll(/<(failure|error)(\s[^>]*)?(?:\/>|>([\s\S]*?)<\/\1>)/g)) {
      problems.push({ operation, kind: child[1] as 'failure' | 'error', checks: attribute(child[2] ?? '', 'message') ?? '', details: unescapeXml(child[3] ?? '').trim() });
    }
  }
  return { tests: count('tests'), failures: count('failures'), errors: count('errors'), skipped: count('skipped'), operations, problems };
}

/** The problems as one text for a jest message: each operation, its checks, and Schemathesis's account with the curl. */
export function describeProblems(problems: readonly FuzzProblem[]): string {
  return problems.map((p, i) => `${i + 1}. ${p.operation}: ${p.kind === 'failure' ? `check ${p.checks}` : 'errore'}\n${p.details.replace(/^/gm, '   ')}`).join('\n\n');
}
