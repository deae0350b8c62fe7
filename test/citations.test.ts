// test-runner: no database
/**
 * The repository cites only what it holds: every document a source or docs file names
 * (`docs/platform.md`, `README.md`, `test/fixtures/platform/….json`) exists, every section it cites
 * (`docs/platform.md §4.4`, `docs/api.md §D8`, a `§N` of a guide in the guide itself) exists in that
 * document, and nothing names the documents the project was first written from, which a clone does
 * not have. The API guide also lists every error code with its status.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { ERROR_CODES } from '../src/errors.js';
import { STATUS_BY_CODE } from '../src/http/errors.js';
import { ROOT } from './helpers.js';

/** What is scanned: source and docs files under these (relative to the root), skipping SKIPPED. */
const SCANNED = [
  'src',
  'test',
  'bench',
  'scripts',
  'dashboard/src',
  'clients/typescript',
  'docs',
  'README.md',
  'CHANGELOG.md',
  'CONTRIBUTING.md',
  'SECURITY.md',
  'redocly.yaml',
];
const SKIPPED = new Set(['node_modules', 'dist', 'test/fixtures', 'test-output']);
const TEXT = /\.(ts|tsx|mts|mjs|js|md|yaml|json)$/;

/**
 * Names of the documents the project was first written from (built from parts, so this file does
 * not name them itself): none may be cited any more.
 */
const FORBIDDEN = [
  { name: ['CLOUD_API', 'md'].join('.'), pattern: new RegExp(`${'CLOUD_API'}\\.md`) },
  { name: 'DECISIONS', pattern: new RegExp(`\\b${'DECISION'}S\\b`) },
  { name: ['service', 'interface'].join('-'), pattern: new RegExp(['service', 'interface'].join('-')) },
  { name: `../${'shared'}`, pattern: new RegExp(`\\.\\./${'shared'}\\b`) },
];

/** One section id: `4`, `2.6`, `D7`. */
const SECTION = String.raw`§D?\d+(?:\.\d+)*`;
/** A run of sections: `§4.3–4.5`, `§6.2, §7`, `§D4 and §D9`, `§D6–§D7`. */
const GROUP = new RegExp(
  String.raw`^\s+(${SECTION}(?:\s*–\s*§?D?\d+(?:\.\d+)*)?(?:(?:,\s*|\s+and\s+)${SECTION}(?:\s*–\s*§?D?\d+(?:\.\d+)*)?)*)`,
);
/** A document path as cited: `docs/api.md`, `README.md`, `platform.md`, `test/fixtures/platform/x.json`. */
const DOCUMENT = /(?<![\w./*-])((?:[\w-]+\/)*[\w.-]+\.md|test\/fixtures\/platform\/[\w.-]+\.json)(?![\w/-])/g;
/** A platform fixture named by its file name alone (`webhook-status-sent.json`). */
const FIXTURE_NAME =
  /(?<![\w./*-])((?:webhook|send|template|media|error|resumable|mark|success)-[\w-]+\.json)(?![\w*-])/g;
/** A § citation (a digit or a decision id after it), wherever it stands. */
const ANY_SECTION = /§(?=D?\d)/g;

/** What the scanner needs to know about the repository. */
export interface Library {
  /** Whether this root-relative path is a file of the repository. */
  exists(file: string): boolean;
  /** The section ids (`2.6`, `D7`) a document defines, for documents that number sections. */
  sections(file: string): Set<string> | undefined;
}

/** The section ids a document defines: headings `## §2.6 …` and first table cells `| §4.9 |`. */
export function sectionsOf(text: string): Set<string> {
  const ids = new Set<string>();
  for (const m of text.matchAll(/^(?:#+\s+|\|\s*)§(D?\d+(?:\.\d+)*)/gm)) ids.add(m[1]!);
  return ids;
}

/** The ids a run of sections names: `§4.3–4.5` gives 4.3 and 4.5; `§D6–§D7` gives D6 and D7. */
function idsOf(group: string): string[] {
  return [...group.matchAll(/§?(D?\d+(?:\.\d+)*)/g)].map((m) => m[1]!);
}

/** A cited path as a root-relative file: root-relative first, else relative to the citing file. */
function resolve(cited: string, file: string, library: Library): string | null {
  const fromRoot = path.posix.normalize(cited);
  if (library.exists(fromRoot)) return fromRoot;
  const fromHere = path.posix.normalize(path.posix.join(path.posix.dirname(file), cited));
  return library.exists(fromHere) ? fromHere : null;
}

/**
 * Every bad citation in `text` (the content of root-relative `file`), as `file:line: why`.
 * A `§N` must follow the document it cites (`docs/platform.md §7`); in a numbered document a bare
 * `§N` names a section of that document itself.
 */
export function citationProblems(file: string, text: string, library: Library): string[] {
  const problems: string[] = [];
  const own = library.sections(file);
  text.split('\n').forEach((line, index) => {
    const at = `${file}:${index + 1}`;
    for (const { name, pattern } of FORBIDDEN)
      if (pattern.test(line)) problems.push(`${at}: cites ${name}, which the repository does not hold`);
    const covered: [number, number][] = [];
    const checkSections = (target: string, group: string, start: number) => {
      covered.push([start, start + group.length]);
      const defined = library.sections(target);
      for (const id of idsOf(group)) {
        if (!defined?.has(id)) problems.push(`${at}: ${target} has no §${id}`);
      }
    };
    for (const m of line.matchAll(DOCUMENT)) {
      const cited = m[1]!;
      const target = resolve(cited, file, library);
      const group = GROUP.exec(line.slice(m.index + cited.length));
      const groupStart = group ? m.index + cited.length + group[0].length - group[1]!.length : 0;
      if (!target) {
        problems.push(`${at}: ${cited} does not exist`);
        if (group) covered.push([groupStart, groupStart + group[1]!.length]);
        continue;
      }
      if (group) checkSections(target, group[1]!, groupStart);
    }
    for (const m of line.matchAll(FIXTURE_NAME)) {
      if (!library.exists(`test/fixtures/platform/${m[1]}`)) problems.push(`${at}: no platform fixture ${m[1]}`);
    }
    // The § citations no document claimed: a numbered document's own sections, else an error.
    for (const m of line.matchAll(ANY_SECTION)) {
      if (covered.some(([from, to]) => m.index >= from && m.index < to)) continue;
      if (/RFC \d+ $/.test(line.slice(0, m.index))) continue;
      const bare = new RegExp(`^${SECTION}(?:\\s*–\\s*§?D?\\d+(?:\\.\\d+)*)?`).exec(line.slice(m.index))![0];
      if (own) {
        for (const id of idsOf(bare)) if (!own.has(id)) problems.push(`${at}: this document has no §${id}`);
      } else {
        problems.push(`${at}: ${bare} names no document (write docs/platform.md ${bare} or docs/api.md ${bare})`);
      }
    }
  });
  return problems;
}

/** The scanned files of the repository, root-relative. */
function scannedFiles(): string[] {
  const found: string[] = [];
  const walk = (rel: string) => {
    if (SKIPPED.has(rel) || path.basename(rel) === 'node_modules') return;
    const full = path.join(ROOT, rel);
    if (!fs.existsSync(full)) return;
    if (fs.statSync(full).isDirectory()) {
      for (const entry of fs.readdirSync(full)) walk(path.posix.join(rel, entry));
    } else if (TEXT.test(rel)) {
      found.push(rel);
    }
  };
  for (const rel of SCANNED) walk(rel);
  return found.sort();
}

/** The repository as it is on disk; `docs/*.md` define sections. */
const repository: Library = {
  exists: (file) =>
    !file.startsWith('..') && fs.existsSync(path.join(ROOT, file)) && fs.statSync(path.join(ROOT, file)).isFile(),
  sections: (file) =>
    /^docs\/[\w-]+\.md$/.test(file) && fs.existsSync(path.join(ROOT, file))
      ? sectionsOf(fs.readFileSync(path.join(ROOT, file), 'utf8'))
      : undefined,
};

describe('citations', () => {
  /** A made-up repository: one guide with §1, §2.6 and §D7, and one fixture. */
  const planted: Library = {
    exists: (file) => ['docs/guide.md', 'README.md', 'test/fixtures/platform/webhook-status-sent.json'].includes(file),
    sections: (file) =>
      file === 'docs/guide.md' ? sectionsOf('# Guide\n## §1. One\n### §2.6 Two\n### §D7. Seven\n') : undefined,
  };

  it('finds planted bad citations, naming file and line (the check can fail)', () => {
    const text = [
      '// fine: docs/guide.md §1, §2.6 and §D7; README.md; webhook-status-sent.json',
      '// a missing section: docs/guide.md §2.7',
      '// a missing document: docs/missing.md §1',
      '// a missing decision in a run: docs/guide.md §D6–§D7',
      '// a fixture that is not there: test/fixtures/platform/webhook-status-lost.json, webhook-status-gone.json',
      '// a bare section: the platform says so (§7)',
      `// an old name: ${['CLOUD_API', 'md'].join('.')} §7 and ../${'shared'}/spec`,
      '// an RFC is not ours: RFC 4291 §2.5.5.1',
    ].join('\n');
    assert.deepEqual(citationProblems('src/x.ts', text, planted), [
      'src/x.ts:2: docs/guide.md has no §2.7',
      'src/x.ts:3: docs/missing.md does not exist',
      'src/x.ts:4: docs/guide.md has no §D6',
      'src/x.ts:5: test/fixtures/platform/webhook-status-lost.json does not exist',
      'src/x.ts:5: no platform fixture webhook-status-gone.json',
      'src/x.ts:6: §7 names no document (write docs/platform.md §7 or docs/api.md §7)',
      `src/x.ts:7: cites ${['CLOUD_API', 'md'].join('.')}, which the repository does not hold`,
      `src/x.ts:7: cites ../${'shared'}, which the repository does not hold`,
      `src/x.ts:7: ${['CLOUD_API', 'md'].join('.')} does not exist`,
    ]);
  });

  it('reads a bare § in a numbered document as its own section, and a relative link from its folder', () => {
    const text = 'See §2.6 and §3 in [guide.md §D7](guide.md).';
    assert.deepEqual(citationProblems('docs/guide.md', text, planted), ['docs/guide.md:1: this document has no §3']);
  });

  it('finds nothing wrong in the repository', () => {
    // This file is left out: its planted examples are bad on purpose.
    const self = path.relative(ROOT, new URL(import.meta.url).pathname);
    const files = scannedFiles().filter((file) => file !== self);
    assert.ok(
      files.includes('docs/platform.md') && files.includes('src/platform/platform.ts'),
      'the scan reaches the docs and the code',
    );
    const problems = files.flatMap((file) =>
      citationProblems(file, fs.readFileSync(path.join(ROOT, file), 'utf8'), repository),
    );
    assert.deepEqual(problems, []);
  });

  it('lists every error code in docs/api.md with its status', () => {
    const guide = fs.readFileSync(path.join(ROOT, 'docs/api.md'), 'utf8');
    const missing = ERROR_CODES.filter((code) => !guide.includes(`| \`${code}\` | ${STATUS_BY_CODE[code]} |`));
    assert.deepEqual(missing, []);
  });
});
