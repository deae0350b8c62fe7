/**
 * Where a V8 CPU profile's time went (`node --import tsx bench/profile-summary.ts FILE.cpuprofile`):
 * the share of samples by function (self time), and by the package or part of Tidings the function
 * belongs to, so "where the time goes" can be read without opening Chrome DevTools.
 */
import fs from 'node:fs';
import { SourceMap } from 'node:module';
import { fileURLToPath } from 'node:url';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber?: number };
  children?: number[];
}

/** `(idle)`, `(garbage collector)`, `kysely`, `src/messages`, `node:internal`… */
function area(url: string, name: string): string {
  if (!url) return name.startsWith('(') ? name : '(native)';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1]!;
  const own = /\/dist\/([^/]+(?:\/[^/]+)?)\//.exec(url) ?? /\/dist\/([^/]+)\.js/.exec(url);
  if (own) return `tidings ${own[1]}`;
  if (url.startsWith('node:'))
    return url.split('/')[0]!.replace(/:.*$/, ':') + (url.split(':')[1]?.split('/')[0] ?? '');
  return url;
}

/**
 * A bundle's frame (`dist/service.js`, `dist/cli/main.js`: scripts/build.mjs) mapped through the
 * bundle's source map to the file it came from, so that areas and functions name `src/…` and
 * `node_modules/…` as they did before the bundles. Frames of other files are kept as they are.
 */
const maps = new Map<string, SourceMap | null>();
function original(frame: Node['callFrame']): Node['callFrame'] {
  if (!frame.url.endsWith('.js') || !frame.url.includes('/dist/')) return frame;
  let map = maps.get(frame.url);
  if (map === undefined) {
    const file = `${frame.url.startsWith('file:') ? fileURLToPath(frame.url) : frame.url}.map`;
    map = fs.existsSync(file) ? new SourceMap(JSON.parse(fs.readFileSync(file, 'utf8'))) : null;
    maps.set(frame.url, map);
  }
  const entry = map?.findEntry(frame.lineNumber, frame.columnNumber ?? 0);
  if (!entry || !('originalSource' in entry) || !entry.originalSource) return frame;
  const url = entry.originalSource.replace(
    /^.*?\/(src|node_modules)\//,
    (_m, d: string) => `/${d === 'src' ? 'dist' : d}/`,
  );
  return { ...frame, url, lineNumber: entry.originalLine };
}

export function summarise(file: string, top = 25): string {
  const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as { nodes: Node[]; samples: number[] };
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  for (const id of profile.samples) self.set(id, (self.get(id) ?? 0) + 1);
  const total = profile.samples.length;
  const functions = new Map<string, number>();
  const areas = new Map<string, number>();
  for (const [id, n] of self) {
    const { functionName, url, lineNumber } = original(byId.get(id)!.callFrame);
    const name = `${functionName || '(anonymous)'} ${url.replace(/^.*\/(node_modules|dist)\//, '$1/')}:${lineNumber + 1}`;
    functions.set(name, (functions.get(name) ?? 0) + n);
    const a = area(url, functionName);
    areas.set(a, (areas.get(a) ?? 0) + n);
  }
  const pct = (n: number) => `${((100 * n) / total).toFixed(1)} %`;
  const rows = (m: Map<string, number>) =>
    [...m]
      .sort((x, y) => y[1] - x[1])
      .slice(0, top)
      .map(([k, n]) => `${pct(n).padStart(7)}  ${k}`);
  return [`${total} samples`, '', 'By area:', ...rows(areas), '', 'By function (self time):', ...rows(functions)].join(
    '\n',
  );
}

if (process.argv[2]) console.log(summarise(process.argv[2], Number(process.argv[3] ?? 25)));
