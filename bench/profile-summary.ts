/**
 * Where a V8 CPU profile's time went (`node --import tsx bench/profile-summary.ts FILE.cpuprofile
 * [TOP] [FROM_US TO_US]`): the share of samples by function (self time), and by the package or part
 * of Tidings the function belongs to, so "where the time goes" can be read without opening Chrome
 * DevTools. FROM_US and TO_US keep only the samples taken in that window, in the profile's clock
 * (microseconds of the system's monotonic clock, which is `process.hrtime` in every process on the
 * machine: bench/dispatch.ts writes its drains' windows so, `drains.json` beside the profiles).
 */
import fs from 'node:fs';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

/** `(idle)`, `(garbage collector)`, `kysely`, `src/messages`, `node:internal`… */
function area(url: string, name: string): string {
  if (!url) return name.startsWith('(') ? name : '(native)';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1]!;
  const own = /\/dist\/([^/]+(?:\/[^/]+)?)\//.exec(url) ?? /\/dist\/([^/]+)\.js/.exec(url);
  if (own) return `tidings ${own[1]}`;
  if (url.startsWith('node:')) return url.split('/')[0]!.replace(/:.*$/, ':') + (url.split(':')[1]?.split('/')[0] ?? '');
  return url;
}

export function summarise(file: string, top = 25, window?: { fromUs: number; toUs: number }): string {
  const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as { nodes: Node[]; samples: number[]; startTime: number; timeDeltas: number[] };
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  let t = profile.startTime;
  let total = 0;
  profile.samples.forEach((id, i) => {
    t += profile.timeDeltas[i] ?? 0;
    if (window && (t < window.fromUs || t > window.toUs)) return;
    self.set(id, (self.get(id) ?? 0) + 1);
    total++;
  });
  const functions = new Map<string, number>();
  const areas = new Map<string, number>();
  for (const [id, n] of self) {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    const name = `${functionName || '(anonymous)'} ${url.replace(/^.*\/(node_modules|dist)\//, '$1/')}:${lineNumber + 1}`;
    functions.set(name, (functions.get(name) ?? 0) + n);
    const a = area(url, functionName);
    areas.set(a, (areas.get(a) ?? 0) + n);
  }
  const pct = (n: number) => `${((100 * n) / total).toFixed(1)} %`;
  const rows = (m: Map<string, number>) => [...m].sort((x, y) => y[1] - x[1]).slice(0, top).map(([k, n]) => `${pct(n).padStart(7)}  ${k}`);
  const span = window ? ` in ${((window.toUs - window.fromUs) / 1e6).toFixed(1)} s` : '';
  return [`${total} samples${span}`, '', 'By area:', ...rows(areas), '', 'By function (self time):', ...rows(functions)].join('\n');
}

if (process.argv[2]) {
  const [from, to] = [process.argv[4], process.argv[5]];
  console.log(summarise(process.argv[2], Number(process.argv[3] ?? 25), from && to ? { fromUs: Number(from), toUs: Number(to) } : undefined));
}
