#!/usr/bin/env node
// The sources are TypeScript; tsx compiles them on load so no build step stands
// between `npm install` and a first run.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../cli/main.ts');
process.exitCode = await main(process.argv.slice(2));
