#!/usr/bin/env node
// The sources are TypeScript; tsx compiles them on load so no build step stands
// between `npm install` and a first run. vitest is loaded before tsx's hooks are in
// place: through them its large bundles would cost about 180 MB more memory.
import 'vitest/node';
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../cli/main.ts');
process.exitCode = await main(process.argv.slice(2));
