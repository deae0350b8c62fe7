/**
 * The directory of Tidings' own `package.json`, found by walking up from this module: the same
 * answer whether the code runs from `src/` (tsx), from `dist/` as `tsc` laid it out, or from the
 * single-file bundles `npm run build` writes (`dist/service.js`, `dist/cli/main.js`, whose modules
 * all share the bundle's `import.meta.url`). Files the service reads beside its code are named from here,
 * never relative to a module's own URL.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

let root: string | undefined;

/**
 * The package's root directory (absolute path).
 * @throws Error when no `package.json` is found above this module (a broken install).
 */
export function packageRoot(): string {
  if (root !== undefined) return root;
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (fs.existsSync(path.join(dir, 'package.json'))) return (root = dir);
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`No package.json above ${fileURLToPath(import.meta.url)}`);
    dir = parent;
  }
}

/**
 * A file shipped with the code: `dist/<relative>` when the build copied it there (Docker ships
 * `dist/` only), else `src/<relative>` (running from the sources before any build).
 */
export function shippedFile(relative: string): string {
  const built = path.join(packageRoot(), 'dist', relative);
  return fs.existsSync(built) ? built : path.join(packageRoot(), 'src', relative);
}
