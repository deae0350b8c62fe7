/**
 * The README and its guides read as the README test runs them: the guides the README's map lists,
 * in its order; a page's fenced blocks in order, each with its file and the section it is in, the
 * `<!-- readme-test: … -->` note on the line before it (how the test treats it), and, for a shell
 * block, the answer the page shows right after it; and a check of an output against such an
 * answer. Pure functions, so their rules are tested apart from the run.
 */

/** How the test treats a block, as the HTML comment on the line before it says. */
export interface Note {
  /** `skip`: never run; `restart`: the test restarts the service as the block says; `sqlite only`: skipped on PostgreSQL. */
  kind: 'skip' | 'restart' | 'sqlite only';
  reason: string;
}

export interface Block {
  /** The page it is on, root-relative: `README.md`, `docs/guides/events.md`. */
  file: string;
  /** 1-based line of the opening fence. */
  line: number;
  /** The fence's language (`sh`, `json`, `text`…); empty when it names none. */
  lang: string;
  /** The content, with the fence's indentation removed. */
  body: string;
  /** The heading the block is under. */
  section: string;
  note: Note | null;
  /** For a shell block: the ```json or ```text block right after it (nothing but blank lines between). */
  expected: Block | null;
}

const NOTE = /^<!-- readme-test: (skip|restart|sqlite only) \((.+)\) -->$/;

/** The heading of the README's map of the guides. */
const MAP_HEADING = '## Guides';

/**
 * The guides the README's map lists, root-relative (`docs/guides/templates.md`), in its order: the
 * numbered items of its "Guides" section, each opening with a link to its guide. Throws when the
 * README has no such section, or it lists no guide.
 */
export function guideMap(readme: string): string[] {
  const lines = readme.split('\n');
  const start = lines.indexOf(MAP_HEADING);
  if (start < 0) throw new Error(`README.md has no "${MAP_HEADING}" section`);
  const guides: string[] = [];
  for (const line of lines.slice(start + 1)) {
    if (/^#{1,2} /.test(line)) break;
    const item = line.match(/^\d+\. \[[^\]]+\]\((docs\/guides\/[\w-]+\.md)\)/);
    if (item) guides.push(item[1]!);
  }
  if (guides.length === 0) throw new Error(`README.md: "${MAP_HEADING}" lists no guide`);
  return guides;
}

/** Every fenced block of `markdown` (the page `file`, root-relative), in order. */
export function readmeBlocks(markdown: string, file = 'README.md'): Block[] {
  const lines = markdown.split('\n');
  const blocks: Block[] = [];
  let section = '';
  /** The line index of the last closing fence. */
  let lastClose = -1;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (/^#{1,6} /.test(line)) section = line.replace(/^#+ /, '');
    const open = line.match(/^( *)```(\S*)\s*$/);
    if (!open) continue;
    const indent = open[1]!;
    const start = i;
    const body: string[] = [];
    for (i++; i < lines.length && lines[i] !== `${indent}\`\`\``; i++) body.push(lines[i]!.slice(indent.length));
    if (i >= lines.length) throw new Error(`${file}:${start + 1}: a fence that is never closed`);
    const before = (lines[start - 1] ?? '').trim();
    let note: Note | null = null;
    if (before.startsWith('<!-- readme-test')) {
      const m = before.match(NOTE);
      if (!m)
        throw new Error(
          `${file}:${start}: a readme-test note must read <!-- readme-test: skip|restart|sqlite only (why) -->`,
        );
      note = { kind: m[1] as Note['kind'], reason: m[2]! };
    }
    const block: Block = {
      file,
      line: start + 1,
      lang: open[2]!,
      body: body.join('\n') + '\n',
      section,
      note,
      expected: null,
    };
    const previous = blocks.at(-1);
    if (
      previous?.lang === 'sh' &&
      ['json', 'text'].includes(block.lang) &&
      lines.slice(lastClose + 1, start).every((l) => l.trim() === '')
    )
      previous.expected = block;
    blocks.push(block);
    lastClose = i;
  }
  return blocks;
}

/** Ids as the README writes them: the prefixes of Tidings' ids and keys. */
const ID_PREFIXES = [
  'acc',
  'key',
  'sk_live',
  'sk_test',
  'msg',
  'bat',
  'tpl',
  'med',
  'ct',
  'in',
  'we',
  'evt',
  'req',
  'whsec',
  'sup',
];
const ID = new RegExp(`^(${ID_PREFIXES.join('|')})_[A-Za-z0-9+/=]+$`);
const STRING_CHARS = String.raw`(?:[^"\\]|\\.)*`;

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * A pattern for a JSON string the README shows (its text between the quotes, escapes kept): what
 * differs from run to run matches any value of its kind (ids by prefix, timestamps, wamids, BSUIDs,
 * numeric platform ids), and `…` stands for anything.
 */
function stringPattern(raw: string): string {
  if (/^\d{4}-\d\d-\d\dT[\d:.]+Z$/.test(raw)) return String.raw`"\d{4}-\d\d-\d\dT[\d:.]+Z"`;
  const id = raw.match(ID);
  if (id) return `"${escape(id[1]!)}_[A-Za-z0-9+/=]+"`;
  if (raw.startsWith('wamid.')) return String.raw`"wamid\.[^"]+"`;
  if (/^US\.\d+$/.test(raw)) return String.raw`"US\.\d+"`;
  if (/^\d{6,}$/.test(raw)) return String.raw`"\d+"`;
  return `"${raw.split('…').map(escape).join(STRING_CHARS)}"`;
}

/** A pattern for a line of ```text output: `…` is anything, ids match by prefix. */
function linePattern(line: string): RegExp {
  const parts = line
    .trim()
    .split(/\s*…\s*/)
    .map((part) =>
      escape(part).replace(new RegExp(`\\b(${ID_PREFIXES.join('|')})_[A-Za-z0-9]{10,}`, 'g'), '$1_[A-Za-z0-9]+'),
    );
  return new RegExp(parts.join('.*?'));
}

/**
 * What of the answer `expected` shows is missing from `output`, in words (none: it matches).
 * A ```json answer is checked field by field: every `"name": value` it shows with a plain value
 * (string, number, true, false, null, `[]`) must be in the output, wherever it stands; a ```text
 * answer line by line.
 */
export function answerProblems(expected: Block, output: string): string[] {
  if (expected.lang === 'text') {
    const lines = expected.body.split('\n').filter((l) => l.trim() !== '');
    return lines
      .filter((l) => !output.split('\n').some((o) => linePattern(l).test(o)))
      .map((l) => `no line like ${JSON.stringify(l)}`);
  }
  const problems: string[] = [];
  const pair = new RegExp(
    String.raw`"(${STRING_CHARS})"\s*:\s*("${STRING_CHARS}"|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null|\[\])`,
    'g',
  );
  for (const [, key, value] of expected.body.matchAll(pair)) {
    if (key === '…') continue;
    const valuePattern = value!.startsWith('"') ? stringPattern(value!.slice(1, -1)) : escape(value!);
    if (!new RegExp(`"${escape(key!)}"\\s*:\\s*${valuePattern}`).test(output)) problems.push(`no "${key}": ${value}`);
  }
  return problems;
}

/** The anchors GitHub gives a page's headings (`## Sending: after 201` → `sending-after-201`) and its `<a id>`s. */
export function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (/^ *```/.test(line)) fenced = !fenced;
    if (fenced) continue;
    const heading = line.match(/^#{1,6} (.+)$/);
    if (heading) {
      const slug = heading[1]!
        .toLowerCase()
        .replace(/[^\p{L}\p{N}\p{M}_\- ]/gu, '')
        .replaceAll(' ', '-');
      const n = seen.get(slug) ?? 0;
      seen.set(slug, n + 1);
      anchors.add(n === 0 ? slug : `${slug}-${n}`);
    }
    for (const [, id] of line.matchAll(/<a id="([^"]+)"/g)) anchors.add(id!);
  }
  return anchors;
}

/**
 * Every relative link of the page `file` (root-relative) outside its code that names no
 * file, or no heading of the Markdown page it names, as `file: why`. `read` answers a root-relative
 * path's text ('' for a folder), or null when the repository has no such path.
 */
export function linkProblems(file: string, markdown: string, read: (path: string) => string | null): string[] {
  const prose = markdown.replace(/^ *```[^]*?^ *```$/gm, '').replace(/`[^`\n]*`/g, '');
  const dir = file.slice(0, file.lastIndexOf('/') + 1);
  const problems: string[] = [];
  for (const m of prose.matchAll(/\]\(([^)\s]+)\)|src="([^"]+)"/g)) {
    const link = (m[1] ?? m[2])!;
    if (/^[a-z]+:/.test(link)) continue;
    const [target = '', anchor] = link.split('#');
    const parts: string[] = [];
    for (const part of (target ? dir + target : file).split('/'))
      if (part === '..') parts.pop();
      else if (part && part !== '.') parts.push(part);
    const path = parts.join('/');
    const text = read(path);
    if (text === null) problems.push(`${file}: ${link} names no file`);
    else if (anchor && path.endsWith('.md') && !anchorsOf(text).has(anchor))
      problems.push(`${file}: ${link} names no heading of ${path}`);
  }
  return problems;
}
