/**
 * A strict parser of the Prometheus text exposition format 0.0.4 (the format `/metrics` serves),
 * for tests: every line must be a `# HELP`, a `# TYPE`, another comment, a blank line or a sample;
 * names, label names, escapes and values are checked, every sample belongs to a family declared
 * by `# TYPE` before it (histograms through `_bucket`, `_sum`, `_count`), and no series appears
 * twice. Anything else throws, naming the line. The npm parser `parse-prometheus-text-format`
 * was tried first: it drops the labels, sums and counts of histograms whose `le` comes first (as
 * prom-client writes them) and accepts garbage lines, so it could not make a test fail.
 */

export type MetricType = 'counter' | 'gauge' | 'histogram' | 'summary' | 'untyped';

export interface Sample {
  /** The sample's own name (`x_bucket` for a histogram `x`). */
  name: string;
  labels: Record<string, string>;
  value: number;
}

export interface Family {
  name: string;
  type: MetricType;
  help: string;
  samples: Sample[];
}

const NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const LABEL_NAME = /^[a-zA-Z_][a-zA-Z0-9_]*$/;
const TYPES = new Set(['counter', 'gauge', 'histogram', 'summary', 'untyped']);

/**
 * A sample value "as Go's ParseFloat() reads it" (the format's definition), which takes NaN and
 * Inf in any case: prom-client writes `Nan` (e.g. the event-loop lag before its first sample).
 */
function parseValue(raw: string, where: string): number {
  if (/^[-+]?(inf|infinity)$/i.test(raw)) return raw.startsWith('-') ? -Infinity : Infinity;
  if (/^nan$/i.test(raw)) return NaN;
  if (!/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(raw)) throw new Error(`${where}: not a number: ${raw}`);
  return Number(raw);
}

/** `{a="x",b="y\"z"}` from `text[at]` (the `{`): the labels and the index after `}`. */
function parseLabels(text: string, at: number, where: string): { labels: Record<string, string>; end: number } {
  const labels: Record<string, string> = {};
  let i = at + 1;
  for (;;) {
    if (text[i] === '}') return { labels, end: i + 1 };
    const eq = text.indexOf('=', i);
    if (eq === -1) throw new Error(`${where}: a label without "="`);
    const name = text.slice(i, eq);
    if (!LABEL_NAME.test(name)) throw new Error(`${where}: bad label name ${JSON.stringify(name)}`);
    if (name in labels) throw new Error(`${where}: label ${name} twice`);
    if (text[eq + 1] !== '"') throw new Error(`${where}: label ${name}'s value is not quoted`);
    let value = '';
    let j = eq + 2;
    for (;;) {
      const c = text[j];
      if (c === undefined) throw new Error(`${where}: unterminated label value`);
      if (c === '"') break;
      if (c === '\\') {
        const e = text[j + 1];
        if (e === 'n') value += '\n';
        else if (e === '\\' || e === '"') value += e;
        else throw new Error(`${where}: bad escape \\${e}`);
        j += 2;
        continue;
      }
      value += c;
      j++;
    }
    labels[name] = value;
    i = j + 1;
    if (text[i] === ',') i++;
    else if (text[i] !== '}') throw new Error(`${where}: expected "," or "}" after label ${name}`);
  }
}

/** The family a sample name belongs to, among those declared. */
function familyOf(name: string, families: Map<string, Family>): Family | undefined {
  const own = families.get(name);
  if (own) return own;
  for (const suffix of ['_bucket', '_sum', '_count']) {
    if (!name.endsWith(suffix)) continue;
    const family = families.get(name.slice(0, -suffix.length));
    if (family && (family.type === 'histogram' || (family.type === 'summary' && suffix !== '_bucket'))) return family;
  }
  return undefined;
}

/**
 * Parses an exposition. @returns its families by name.
 * @throws Error naming the line for anything the format does not allow.
 */
export function parsePrometheusText(text: string): Map<string, Family> {
  const families = new Map<string, Family>();
  const helps = new Map<string, string>();
  const seen = new Set<string>();
  text.split('\n').forEach((line, index) => {
    const where = `line ${index + 1} (${JSON.stringify(line.slice(0, 80))})`;
    if (line.trim() === '') return;
    if (line.startsWith('#')) {
      const m = /^# (HELP|TYPE) (\S+) ?(.*)$/.exec(line);
      if (!m) return; // another comment
      const [, kind, name, rest] = m as unknown as [string, 'HELP' | 'TYPE', string, string];
      if (!NAME.test(name)) throw new Error(`${where}: bad metric name`);
      if (kind === 'HELP') {
        if (helps.has(name)) throw new Error(`${where}: HELP twice`);
        helps.set(
          name,
          rest.replace(/\\(n|\\)/g, (_, e: string) => (e === 'n' ? '\n' : '\\')),
        );
        if (families.has(name)) families.get(name)!.help = helps.get(name)!;
        return;
      }
      if (!TYPES.has(rest)) throw new Error(`${where}: unknown type ${rest}`);
      if (families.has(name)) throw new Error(`${where}: TYPE twice`);
      families.set(name, { name, type: rest as MetricType, help: helps.get(name) ?? '', samples: [] });
      return;
    }
    const nameEnd = line.search(/[{ ]/);
    if (nameEnd <= 0) throw new Error(`${where}: not a sample`);
    const name = line.slice(0, nameEnd);
    if (!NAME.test(name)) throw new Error(`${where}: bad metric name`);
    let labels: Record<string, string> = {};
    let rest = line.slice(nameEnd);
    if (rest.startsWith('{')) {
      const parsed = parseLabels(line, nameEnd, where);
      labels = parsed.labels;
      rest = line.slice(parsed.end);
    }
    const parts = rest.split(' ');
    if (parts[0] !== '' || parts.length < 2 || parts.length > 3 || parts[1] === '')
      throw new Error(`${where}: expected " value [timestamp]"`);
    const value = parseValue(parts[1]!, where);
    if (parts[2] !== undefined && !/^-?\d+$/.test(parts[2])) throw new Error(`${where}: bad timestamp`);
    const family = familyOf(name, families);
    if (!family) throw new Error(`${where}: sample of an undeclared family (no # TYPE before it)`);
    if (family.type === 'histogram' && name.endsWith('_bucket') && labels.le === undefined)
      throw new Error(`${where}: bucket without le`);
    const series = `${name}${JSON.stringify(Object.entries(labels).sort())}`;
    if (seen.has(series)) throw new Error(`${where}: series twice`);
    seen.add(series);
    family.samples.push({ name, labels, value });
  });
  return families;
}

/** An exposition parsed, with lookups by sample name and a subset of labels. */
export class Scrape {
  readonly families: Map<string, Family>;

  constructor(text: string) {
    this.families = parsePrometheusText(text);
  }

  /** Every sample named `name` whose labels include `labels`. */
  samples(name: string, labels: Record<string, string> = {}): Sample[] {
    const family = familyOf(name, this.families);
    return (family?.samples ?? []).filter(
      (s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v),
    );
  }

  /** The sum of the matching samples' values (0 when none match: a counter not yet incremented). */
  sum(name: string, labels: Record<string, string> = {}): number {
    return this.samples(name, labels).reduce((total, s) => total + s.value, 0);
  }

  /** The value of the one sample matching. @throws when none or several match. */
  one(name: string, labels: Record<string, string> = {}): number {
    const found = this.samples(name, labels);
    if (found.length !== 1) throw new Error(`${found.length} samples of ${name} ${JSON.stringify(labels)}`);
    return found[0]!.value;
  }

  /** Whether `name` (a family, or one of a histogram's sample names) is declared. */
  has(name: string): boolean {
    return familyOf(name, this.families) !== undefined;
  }
}
