#!/usr/bin/env node
// In a clone the sources are TypeScript and tsx compiles them on load, so no build step
// stands between `npm install` and a first run. The installed package carries them
// compiled in dist/ (`npm pack` builds it) and no TypeScript loader.
// vitest is loaded first: through tsx's hooks its large bundles would cost about 180 MB more memory.
import 'vitest/node';
import { existsSync } from 'node:fs';

const sources = new URL('../cli/main.ts', import.meta.url);
let main;
if (existsSync(sources)) {
  const { register } = await import('tsx/esm/api');
  register();
  ({ main } = await import(sources.href));
} else {
  ({ main } = await import('../dist/cli/main.js'));
}
process.exitCode = await main(process.argv.slice(2));
