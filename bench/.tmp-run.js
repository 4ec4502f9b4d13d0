import 'vitest/node';
import { register } from 'tsx/esm/api';
register();
await import(new URL(process.argv[2], `file://${process.cwd()}/`).href);
