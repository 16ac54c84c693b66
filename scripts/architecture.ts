/**
 * The import graph of the TypeScript sources and the two rules the house style keeps on it
 * (STYLE.md habits 1–4, services/README.md): a service's `domain/` and `app/` never import its
 * `grpc/` (the use cases reach other services through ports in `app/ports.ts`, which the gRPC
 * clients implement), `domain/` never imports `store/` or `app/`; and no import circle anywhere.
 *
 * Imports are read with the TypeScript compiler's own scanner (`ts.preProcessFile`: every `import`,
 * `import type`, `export … from`, `require()` and `import()`), already a dependency of every package,
 * so the check needs nothing installed and sees exactly what `tsc` sees, type-only imports included
 * (a circle of types still ties two files together). Workspace packages (`@smista/<name>`) resolve
 * to their sources, so a circle across packages is found too.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** One import of one file: the file, what it wrote, and the source file that names (if ours). */
export interface ImportEdge {
  from: string;
  specifier: string;
  to: string;
}

const SOURCE = /\.tsx?$/;
const SKIPPED_DIRS = new Set(['node_modules', 'dist', '.tmp', 'coverage', 'gen']);

/** Every .ts/.tsx file under the folders (node_modules, dist and generated code left out). */
export function sourceFiles(root: string, folders: readonly string[]): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) {
        if (!SKIPPED_DIRS.has(entry.name) && !entry.name.startsWith('.')) walk(path.join(dir, entry.name));
      } else if (SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts')) {
        out.push(path.join(dir, entry.name));
      }
    }
  };
  for (const folder of folders) {
    const dir = path.join(root, folder);
    if (fs.existsSync(dir)) walk(dir);
  }
  return out.sort();
}

/** `@smista/<name>` → the package folder, from every workspace package.json under the folders. */
export function workspacePackages(root: string, folders: readonly string[]): Map<string, string> {
  const packages = new Map<string, string>();
  for (const folder of folders) {
    const dir = path.join(root, folder);
    const candidates = fs.existsSync(path.join(dir, 'package.json')) ? [dir] : fs.existsSync(dir) ? fs.readdirSync(dir).map((d) => path.join(dir, d)) : [];
    for (const candidate of candidates) {
      const manifest = path.join(candidate, 'package.json');
      if (!fs.existsSync(manifest)) continue;
      const { name } = JSON.parse(fs.readFileSync(manifest, 'utf8')) as { name?: string };
      if (name) packages.set(name, candidate);
    }
  }
  return packages;
}

function firstExisting(base: string): string | undefined {
  const tries = [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')];
  return tries.find((p) => SOURCE.test(p) && fs.existsSync(p) && fs.statSync(p).isFile());
}

/** The source file a specifier names, or undefined for a third-party module (or a JSON/asset). */
export function resolveImport(fromFile: string, specifier: string, packages: ReadonlyMap<string, string>): string | undefined {
  if (specifier.startsWith('.')) return firstExisting(path.resolve(path.dirname(fromFile), specifier.replace(/\.js$/, '')));
  const match = /^(@smista\/[^/]+)(?:\/(.+))?$/.exec(specifier);
  const dir = match ? packages.get(match[1]!) : undefined;
  if (!dir) return undefined;
  return firstExisting(path.join(dir, 'src', match![2] ?? 'index'));
}

/** Every import between our source files. */
export function importGraph(root: string, files: readonly string[], packages: ReadonlyMap<string, string>): ImportEdge[] {
  const edges: ImportEdge[] = [];
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
    for (const { fileName: specifier } of importedFiles) {
      const to = resolveImport(file, specifier, packages);
      if (to) edges.push({ from: path.relative(root, file), specifier, to: path.relative(root, to) });
    }
  }
  return edges;
}

/** The layer of a service file (`services/<name>/src/<layer>/…`), or undefined. */
function layerOf(file: string): { service: string; layer: string } | undefined {
  const m = /^services\/([^/]+)\/src\/([^/]+)\//.exec(file.split(path.sep).join('/'));
  return m ? { service: m[1]!, layer: m[2]! } : undefined;
}

/** Which layers each layer must not import, and why (said in the failure). */
export const FORBIDDEN_LAYERS: Readonly<Record<string, readonly string[]>> = {
  domain: ['grpc', 'store', 'app', 'events'],
  app: ['grpc'],
};

/**
 * The imports that break {@link FORBIDDEN_LAYERS} within a service, one readable line each:
 * `services/x/src/app/a.ts imports '../grpc/b' (services/x/src/grpc/b.ts): app/ must not import grpc/`.
 */
export function layerViolations(edges: readonly ImportEdge[]): string[] {
  const out: string[] = [];
  for (const e of edges) {
    const from = layerOf(e.from);
    const to = layerOf(e.to);
    if (!from || !to || from.service !== to.service) continue;
    if (FORBIDDEN_LAYERS[from.layer]?.includes(to.layer)) {
      out.push(`${e.from} imports '${e.specifier}' (${e.to}): ${from.layer}/ must not import ${to.layer}/`);
    }
  }
  return out;
}

/**
 * Every import circle, one per strongly connected group of files (Tarjan), written as the files in
 * order with the specifier of each step: `a.ts --'./b'--> b.ts --'./a'--> a.ts`.
 */
export function importCycles(edges: readonly ImportEdge[]): string[] {
  const next = new Map<string, ImportEdge[]>();
  for (const e of edges) next.set(e.from, [...(next.get(e.from) ?? []), e]);
  const nodes = [...new Set(edges.flatMap((e) => [e.from, e.to]))].sort();

  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const visit = (v: string) => {
    index.set(v, counter);
    low.set(v, counter++);
    stack.push(v);
    onStack.add(v);
    for (const { to: w } of next.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v)!, index.get(w)!));
      }
    }
    if (low.get(v) === index.get(v)) {
      const group: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        group.push(w);
      } while (w !== v);
      const selfImport = (next.get(v) ?? []).some((e) => e.to === v);
      if (group.length > 1 || selfImport) groups.push(group);
    }
  };
  for (const v of nodes) if (!index.has(v)) visit(v);

  return groups.map((group) => {
    // One concrete circle through the group's first file: the shortest way back to it (BFS inside the group).
    const members = new Set(group);
    const start = [...group].sort()[0]!;
    const via = new Map<string, ImportEdge>();
    const queue = [start];
    let back: ImportEdge | undefined;
    while (queue.length && !back) {
      const v = queue.shift()!;
      for (const e of next.get(v) ?? []) {
        if (!members.has(e.to)) continue;
        if (e.to === start) {
          back = e;
          break;
        }
        if (!via.has(e.to)) {
          via.set(e.to, e);
          queue.push(e.to);
        }
      }
    }
    const steps: ImportEdge[] = [back!];
    for (let at = back!.from; at !== start; at = via.get(at)!.from) steps.unshift(via.get(at)!);
    return [start, ...steps.map((e) => `--'${e.specifier}'--> ${e.to}`)].join(' ');
  });
}
