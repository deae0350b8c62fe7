#!/usr/bin/env node
// The admin CLI. Built by `npm install` (the `prepare` script) into dist/: a single-file bundle
// (scripts/build.mjs), read through V8's compile cache (os.tmpdir()/node-compile-cache).
import module from 'node:module';

module.enableCompileCache?.();
const { runCli } = await import('../dist/cli/main.js');
process.exitCode = await runCli(process.argv.slice(2));
