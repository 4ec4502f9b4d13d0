// Data that moves while the suite reads it (CONTRACT 1.3), as a staging deployment's does:
// the moves test/moving-data.test.ts and `npm run sweep` make on a reference holding the
// demo data, through its control endpoint, as another party would.
import { faults, type FaultName } from '../../reference/faults/index.ts';
import type { FaultDefinition } from '../../reference/faults/registry.ts';
import { startReference, type ReferenceHandle } from '../../reference/server.ts';
import type { RuleResult } from '../../results/model.ts';
import type { SuiteSession } from '../../runner/run-suites.ts';
import { findRule, rules } from '../../spec/rules/index.ts';
import { NOT_SHOWN_BY_EXISTING_DATA } from './not-shown-by-existing-data.ts';
import { existingDataConfig } from './reference-config.ts';
import { faultMissed, offVerdicts } from './verdicts.ts';

/** A way the data moves: `move(i)` is made every `periodMs` (after the one before it ended). */
export interface Movement {
  label: string;
  periodMs: number;
  /** Reads what it needs from the reference before the run; then each call makes move `i`. */
  prepare(ref: ReferenceHandle): Promise<(i: number) => Promise<void>>;
}

async function post(ref: ReferenceHandle, state: string, params: object): Promise<void> {
  const res = await fetch(ref.controlUrl, {
    method: 'POST',
    headers: { authorization: `Bearer ${ref.credentials.admin}`, 'content-type': 'application/json' },
    body: JSON.stringify({ state, params }),
  });
  if (res.status !== 204) throw new Error(`the control endpoint answered ${res.status}`);
}

/** The functions of the workspace the demo data put there, to be set again beside the moving ones (read from its states: a fault may break the listing). */
function heldFunctions(ref: ReferenceHandle): unknown[] {
  const state = ref.demoStates?.find((s) => s.state === 'functions' && (s.params as { workspace?: string }).workspace === undefined);
  if (!state) throw new Error('the reference holds no demo data: start it with data: "demo"');
  return (state.params as { items: unknown[] }).items;
}

/** Each move deploys a function of a new name, created now, and removes the one deployed before it. */
export const deployedAndRemoved = (periodMs: number): Movement => ({
  label: `functions deployed and removed every ${periodMs} ms`,
  periodMs,
  prepare: async (ref) => {
    const held = heldFunctions(ref);
    const deploying = (i: number) => ({
      metadata: { name: `deployed-${periodMs}-${i}`, labels: { env: 'moving' }, createdAt: new Date().toISOString() },
      spec: { enabled: true, runtime: { generation: 'mk3', transport: 'http-stream' } },
    });
    return (i) => post(ref, 'functions', { items: [...held, deploying(i)] });
  },
});

/**
 * Each move deletes one function and puts it back identical a moment later (a redeploy, a
 * replica that lags, another team's test recreating its fixture by name), a different one
 * each time: the readings around an answer agree, and the answer between them lacks it.
 */
export const deletedAndPutBack = (periodMs: number): Movement => ({
  label: `a function deleted and put back identical every ${periodMs} ms`,
  periodMs,
  prepare: async (ref) => {
    const held = heldFunctions(ref);
    return async (i) => {
      const gone = i % held.length;
      await post(ref, 'functions', { items: held.filter((_, j) => j !== gone) });
      await post(ref, 'functions', { items: held });
    };
  },
});

/** Usage events of now land on the account as the suite reads it (the demo's usage lies in the 30 days before the reference started). */
export const usageLanding = (periodMs: number): Movement => ({
  label: `usage landing every ${periodMs} ms`,
  periodMs,
  prepare: async (ref) => {
    const demoEvents = (ref.demoStates?.find((s) => s.state === 'usage')?.params.events ?? []) as unknown[];
    const landing = (i: number) => ({
      time: new Date(Date.now() - (i % 60) * 1000).toISOString(),
      workspace: 'default',
      resourceType: 'sandbox',
      resourceName: 'busy-sandbox',
      resourceUuid: '00000000-0000-4000-8000-00000000beef',
      billingDimension: 'memory',
      usage: 1,
      cost: 0.01,
    });
    return (i) => post(ref, 'usage', { events: [...demoEvents, ...Array.from({ length: i + 1 }, (_, j) => landing(j))] });
  },
});

/** What the tests and the sweep move the demo data with. */
export const MOVEMENTS: readonly Movement[] = [
  deployedAndRemoved(15),
  deployedAndRemoved(150),
  deployedAndRemoved(1500),
  deletedAndPutBack(40),
  deletedAndPutBack(100),
  deletedAndPutBack(400),
  usageLanding(150),
];

/**
 * Runs `run` while `movement` moves the data of `ref`, then puts the demo data back as it was
 * (the reference's demo states); returns what `run` returned and how many moves were made.
 */
export async function whileMoving<T>(ref: ReferenceHandle, movement: Movement, run: () => Promise<T>): Promise<{ value: T; moves: number }> {
  let moves = 0;
  const value = await whileMovingEach([ref], movement, run, () => void moves++);
  return { value, moves };
}

/** `whileMoving` over several references at once, each moving its own data; `onMove` is told of each round of moves. */
export async function whileMovingEach<T>(refs: readonly ReferenceHandle[], movement: Movement, run: () => Promise<T>, onMove: () => void = () => undefined): Promise<T> {
  const moves = await Promise.all(refs.map((ref) => movement.prepare(ref)));
  let running = true;
  const mover = (async () => {
    for (let i = 0; running; i++) {
      await Promise.all(moves.map((move) => move(i)));
      onMove();
      await new Promise((resolve) => setTimeout(resolve, movement.periodMs));
    }
  })();
  try {
    return await run();
  } finally {
    running = false;
    await mover;
    for (const ref of refs) for (const { state, params } of ref.demoStates ?? []) await post(ref, state, params);
  }
}

/** The skips moving data may add to a run on still data: checks whose data kept moving through their attempts. */
export const MORE_SKIPS_AT_MOST = 5;

/** The whole suite on the demo data of `ref`, without a control URL. */
export const runOnDemoData = (session: SuiteSession, ref: ReferenceHandle, seed: number, runs: number): Promise<RuleResult[]> =>
  session.run({ config: existingDataConfig(ref, { seed, runs, concurrency: 16 }), selected: rules });

/**
 * What is off in a run of the whole suite on the demo data of `ref` while `movement` moves it,
 * against a run on still data (`stillSkips` rules skipped): a rule that fails, warns or errs,
 * more skips than MORE_SKIPS_AT_MOST, a run shorter than two moves.
 */
export async function offWhileMoving(session: SuiteSession, ref: ReferenceHandle, movement: Movement, seed: number, runs: number, stillSkips: number): Promise<string[]> {
  const { value: results, moves } = await whileMoving(ref, movement, () => runOnDemoData(session, ref, seed, runs));
  const skipped = results.filter((r) => r.status === 'skipped');
  return [
    ...offVerdicts(results, 'existing'),
    ...(skipped.length - stillSkips > MORE_SKIPS_AT_MOST ? [`${skipped.length} rules skipped, ${stillSkips} on still data: ${skipped.map((r) => `${r.id}: ${r.reason}`).join('; ')}`] : []),
    ...(moves < 2 ? [`the run outlasted ${moves} moves only`] : []),
  ].map((line) => `${movement.label}: ${line}`);
}

/** The functions faults the demo data shows (test/faults-existing), each caught by its rule while the data moves. */
export const FUNCTIONS_FAULTS_SHOWN = faults.filter((f) => f.rule.startsWith('functions.') && NOT_SHOWN_BY_EXISTING_DATA[f.name as FaultName] === undefined);

/**
 * The first of FUNCTIONS_FAULTS_SHOWN of each rule: what data that moves can hide, it
 * hides in a rule's judgement of its answers (Check.judge, Check.confirmed), which every
 * fault of the rule meets alike; npm test runs these, `npm run sweep` every one.
 */
export const ONE_FAULT_PER_RULE = FUNCTIONS_FAULTS_SHOWN.filter((fault, i) => FUNCTIONS_FAULTS_SHOWN.findIndex((other) => other.rule === fault.rule) === i);

/** Faults run at once, each on its own reference moving its data: more at once load the machine more than a target's own moves would. */
const FAULTS_AT_ONCE = 3;

/** Which of `shown` (FUNCTIONS_FAULTS_SHOWN unless given) their rules miss while functions are deployed and removed every 150 ms, each as a line. */
export async function faultsMissedWhileMoving(session: SuiteSession, seed: number, runs: number, shown: readonly FaultDefinition[] = FUNCTIONS_FAULTS_SHOWN): Promise<string[]> {
  const missed: string[] = [];
  for (let from = 0; from < shown.length; from += FAULTS_AT_ONCE) {
    const batch = shown.slice(from, from + FAULTS_AT_ONCE);
    const refs = await Promise.all(batch.map((fault) => startReference({ fault: fault.name, data: 'demo' })));
    try {
      const selected = batch.map((fault) => [findRule(fault.rule)]);
      const results = await whileMovingEach(refs, deployedAndRemoved(150), () => session.runEach(refs.map((ref, i) => ({ config: existingDataConfig(ref, { seed, runs }), selected: selected[i]! }))));
      batch.forEach((fault, i) => {
        const line = faultMissed(fault, results[i]?.[0]);
        if (line) missed.push(line);
      });
    } finally {
      await Promise.all(refs.map((ref) => ref.close()));
    }
  }
  return missed;
}
