import type { FaultDefinition } from './registry.ts';

export const functionsFaults: FaultDefinition[] = [];
