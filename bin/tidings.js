#!/usr/bin/env node
// The admin CLI. Built by `npm install` (the `prepare` script) into dist/.
import { runCli } from '../dist/cli/main.js';

process.exitCode = await runCli(process.argv.slice(2));
