// cp-conformance as a library (docs/library.md), the package's "." export: run rules of
// the specification and your own extension checks from your tests, start the reference
// implementation, and compose the suite's generators into your own properties.
export { runRules, type RunRulesOptions, type TargetOptions } from './run.ts';
export { extension, type ExtensionCheck, type ExtensionId, type ExtensionOptions } from './extension.ts';
export { startReference, type Reference, type ReferenceOptions } from './reference.ts';
export { exitStatus } from './gate.ts';
export * from './generators.ts';
// The fast-check the generators and t.property use: a caller's own copy may be another version.
export { default as fc } from 'fast-check';
export { RunError } from '../runner/run-error.ts';
export { rules, type RuleId } from '../spec/rules/index.ts';
export { defaultProfile } from '../spec/profile.ts';
export { builtInProfiles } from '../spec/profiles.ts';
export type { Check } from '../harness/check.ts';
export type { HttpResponse, RequestOptions } from '../harness/http.ts';
export type { Need } from '../harness/needs.ts';
export type { StateName } from '../spec/test-control.ts';
export type { FaultName } from '../reference/faults/index.ts';
export type { VariantName } from '../reference/variants/index.ts';
export type { Evidence, Exchange, Level, RuleResult, RuleStatus, RunResult, Summary } from '../results/model.ts';
