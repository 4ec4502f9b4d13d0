import { createHash } from 'node:crypto';

/** The seed of one rule's property: fixed by the run's seed and the rule id alone. */
export function ruleSeed(runSeed: number, ruleId: string): number {
  return createHash('sha256').update(`${runSeed}:${ruleId}`).digest().readInt32LE(0);
}

export function randomSeed(): number {
  return Math.floor(Math.random() * 2 ** 31);
}
