/**
 * Whether a remote can run in this shell: every shared singleton it was built with (React, React
 * DOM, the router, TanStack Query, the ui-kit) must satisfy the shell's range for it, since the
 * page has one copy of each and the remote runs on the shell's. A remote built against React 18
 * would otherwise fail somewhere inside a hook, or render nothing.
 */

/** A singleton whose version does not satisfy the shell's range. */
export interface Mismatch {
  name: string;
  version: string;
  range: string;
}

type Version = [number, number, number];

function parse(version: string): Version | null {
  const m = /^v?(\d+)(?:\.(\d+|x|\*))?(?:\.(\d+|x|\*))?(?:[-+].*)?$/.exec(version.trim());
  if (!m) return null;
  const part = (s: string | undefined) => (s === undefined || s === 'x' || s === '*' ? 0 : Number(s));
  return [part(m[1]), part(m[2]), part(m[3])];
}

function compare(a: Version, b: Version): number {
  for (let i = 0; i < 3; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return 0;
}

/** One comparator: `^1.2.3`, `~1.2.3`, `>=1.2.3`, `<2.0.0`, `1.2.3`, `1.x`, `*`. */
function satisfiesOne(v: Version, comparator: string): boolean {
  if (comparator === '*' || comparator === '' || comparator === 'x') return true;
  const m = /^(\^|~|>=|<=|>|<|=)?\s*(.+)$/.exec(comparator)!;
  const op = m[1] ?? '';
  const raw = m[2]!;
  const base = parse(raw);
  if (!base) return false;
  const [major, minor, patch] = base;
  switch (op) {
    case '^':
      if (major > 0) return compare(v, base) >= 0 && v[0] === major;
      if (minor > 0) return compare(v, base) >= 0 && v[0] === 0 && v[1] === minor;
      return v[0] === 0 && v[1] === 0 && v[2] === patch;
    case '~':
      return compare(v, base) >= 0 && v[0] === major && v[1] === minor;
    case '>=':
      return compare(v, base) >= 0;
    case '<=':
      return compare(v, base) <= 0;
    case '>':
      return compare(v, base) > 0;
    case '<':
      return compare(v, base) < 0;
    default: {
      // `1.x` and `1` match their whole line; `1.2.3` exactly.
      const parts = raw.split('.');
      if (parts.length < 3 || /x|\*/.test(raw)) {
        const fixed = parts.filter((p) => p !== 'x' && p !== '*').length;
        return base.slice(0, fixed).every((n, i) => v[i] === n);
      }
      return compare(v, base) === 0;
    }
  }
}

/**
 * npm's range syntax as package.json files use it: alternatives with `||`, comparators joined
 * by spaces. A version that cannot be read satisfies nothing.
 *
 * @example satisfies('19.2.0', '^19.1.0') // true
 */
export function satisfies(version: string, range: string): boolean {
  const v = parse(version);
  if (!v) return false;
  return range.split('||').some((alternative) =>
    alternative
      .trim()
      .replace(/(\^|~|>=|<=|>|<|=)\s+/g, '$1')
      .split(/\s+/)
      .every((comparator) => satisfiesOne(v, comparator)),
  );
}

/**
 * The singletons of `built` (name → the version the remote was built with) that `ranges` (the
 * shell's) refuse. A singleton the remote does not list is one it does not share: not checked.
 */
export function mismatches(built: Record<string, string>, ranges: Record<string, string>): Mismatch[] {
  return Object.entries(ranges)
    .filter(([name]) => name in built)
    .filter(([name, range]) => !satisfies(built[name]!, range))
    .map(([name, range]) => ({ name, version: built[name]!, range }));
}
