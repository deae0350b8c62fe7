// test-runner: no database
/**
 * The rules of the house that docs/architecture.md states, checked on the code's own imports: no
 * circle among the service's files, the simulator and the service sharing nothing but HTTP (and
 * the neutral ground of lib/ and config.ts, the one reader of the environment), the dashboard
 * typed from the generated client, never from src/, and no hand-written file over 300 lines.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { ROOT } from './helpers.js';

/** Every file below `dir` (relative to the repository) whose name ends with one of `endings`. */
function filesUnder(dir: string, endings: string[]): string[] {
  const out: string[] = [];
  const visit = (rel: string) => {
    for (const entry of fs.readdirSync(path.join(ROOT, rel), { withFileTypes: true })) {
      const child = path.posix.join(rel, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules' && entry.name !== 'dist') visit(child);
      } else if (endings.some((e) => entry.name.endsWith(e))) {
        out.push(child);
      }
    }
  };
  visit(dir);
  return out.sort();
}

/** The repository files `file` imports (static `import … from` and `export … from`, type-only ones too), relative to the repository. */
function importsOf(file: string): string[] {
  const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
  const out: string[] = [];
  for (const [, spec] of text.matchAll(/^(?:import|export)\s[^;]*?\sfrom\s+'([^']+)'/gms)) {
    if (!spec!.startsWith('.')) continue;
    const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), spec!)).replace(/\.js$/, '');
    const found = ['.ts', '.tsx', '/index.ts', '']
      .map((e) => target + e)
      .find((f) => fs.existsSync(path.join(ROOT, f)) && fs.statSync(path.join(ROOT, f)).isFile());
    out.push(found ?? target);
  }
  return out;
}

const SERVICE = filesUnder('src', ['.ts']);

/**
 * The layers of `messages/`, bottom first (docs/architecture.md): the message's shapes; its record
 * (repositories, the status machine, the send queue); what the platform and customers report, and
 * retention; the dispatcher; accepting a send; batches and schedules; the read service and routes
 * at the top (`''`). Layers in one entry stand beside each other and may not import each other.
 */
const MESSAGE_LAYERS = [['schemas'], ['record'], ['reports', 'retention'], ['dispatch'], ['accept'], ['batches'], ['']];

/** How long a hand-written file may be: files stay short, and a module that grows becomes a folder. */
const MAX_LINES = 300;
/** Code written by a program, exempt from the limit. */
const GENERATED = new Set(['clients/typescript/schema.ts']);
const CODE = ['.ts', '.tsx', '.mjs', '.js', '.css'];
const graph = new Map(SERVICE.map((f) => [f, importsOf(f)]));

describe('the structure', () => {
  it("has no circle among the service's files", () => {
    const state = new Map<string, 'visiting' | 'done'>();
    const circles: string[] = [];
    const visit = (file: string, trail: string[]) => {
      if (state.get(file) === 'done') return;
      if (state.get(file) === 'visiting') {
        circles.push([...trail.slice(trail.indexOf(file)), file].join(' → '));
        return;
      }
      state.set(file, 'visiting');
      for (const next of graph.get(file) ?? []) if (graph.has(next)) visit(next, [...trail, file]);
      state.set(file, 'done');
    };
    for (const file of SERVICE) visit(file, []);
    assert.deepEqual(circles, []);
  });

  it('builds messages/ in layers: a file imports from its own layer or one below, never one above or beside', () => {
    const layerOf = (file: string) => {
      const rel = file.slice('src/messages/'.length);
      const folder = rel.includes('/') ? rel.slice(0, rel.indexOf('/')) : '';
      const rank = MESSAGE_LAYERS.findIndex((layer) => layer.includes(folder));
      assert.ok(rank >= 0, `${file}: messages/${folder}/ is in no layer of MESSAGE_LAYERS`);
      return { folder, rank };
    };
    const wrong = SERVICE.filter((f) => f.startsWith('src/messages/')).flatMap((f) => {
      const from = layerOf(f);
      return graph
        .get(f)!
        .filter((t) => t.startsWith('src/messages/'))
        .filter((t) => {
          const to = layerOf(t);
          return to.folder !== from.folder && to.rank >= from.rank;
        })
        .map((t) => `${f} → ${t}`);
    });
    assert.deepEqual(wrong, []);
  });

  it('builds each feature from one module, listed once in the composition root', () => {
    const modules = SERVICE.filter((f) => /^src\/[a-z-]+\/[a-z-]+\.module\.ts$/.test(f));
    assert.ok(modules.length >= 8, `found ${modules.length} feature modules`);
    const root = fs.readFileSync(path.join(ROOT, 'src/deps.ts'), 'utf8');
    for (const file of modules) {
      const exported = [
        ...fs.readFileSync(path.join(ROOT, file), 'utf8').matchAll(/^export (?:async )?function (\w+Module)\(/gm),
      ];
      assert.equal(exported.length, 1, `${file} exports one module function`);
      const name = exported[0]![1]!;
      assert.ok(graph.get('src/deps.ts')!.includes(file), `deps.ts imports ${file}`);
      assert.equal(root.split(`.add(${name})`).length - 1, 1, `deps.ts adds ${name} once`);
    }
  });

  it('keeps the simulator and the service apart: only main.ts starts the embedded simulator, and the simulator uses nothing of the service but lib/ and config.ts', () => {
    const intoSimulator = SERVICE.filter(
      (f) =>
        !f.startsWith('src/simulator/') &&
        f !== 'src/main.ts' &&
        graph.get(f)!.some((t) => t.startsWith('src/simulator/')),
    );
    assert.deepEqual(intoSimulator, []);
    const outOfSimulator = SERVICE.filter((f) => f.startsWith('src/simulator/')).flatMap((f) =>
      graph
        .get(f)!
        .filter((t) => !t.startsWith('src/simulator/') && !t.startsWith('src/lib/') && t !== 'src/config.ts')
        .map((t) => `${f} → ${t}`),
    );
    assert.deepEqual(outOfSimulator, []);
  });

  it('lets the dashboard import nothing from src/ (its types come from the generated client)', () => {
    const fromSrc = filesUnder('dashboard/src', ['.ts', '.tsx']).flatMap((f) =>
      importsOf(f)
        .filter((t) => t.startsWith('src/'))
        .map((t) => `${f} → ${t}`),
    );
    assert.deepEqual(fromSrc, []);
  });

  it(`has no hand-written file over ${MAX_LINES} lines (tests, benchmarks, scripts and the dashboard included)`, () => {
    const files = ['src', 'test', 'bench', 'scripts', 'dashboard', 'clients', 'packages', 'bin']
      .flatMap((dir) => filesUnder(dir, CODE))
      .filter((f) => !f.startsWith('test/fixtures/') && !GENERATED.has(f));
    assert.ok(files.length > 200, `read ${files.length} files`);
    const long = files.flatMap((f) => {
      const lines = fs.readFileSync(path.join(ROOT, f), 'utf8').split('\n').length - 1;
      return lines > MAX_LINES ? [`${f} (${lines})`] : [];
    });
    assert.deepEqual(long, [], 'split these along their seams');
  });
});
