// The results of `cp-conformance diff` (runner/diff.ts): what differs between the answers
// of a baseline and a candidate, read by reporters/diff.ts and written to diff.json.
import type { TargetDescription } from './model.ts';

/** One side's answer, as shown beside the other's. */
export interface Answer {
  status?: number;
  mediaType?: string;
  /** The body as compared (JSON laid out, or text); absent when no answer came. */
  body?: string;
  networkError?: string;
  curl: string;
}

export interface Difference {
  operation: string;
  rule: string;
  case?: string;
  /** The request as both sides were sent it, normalised. */
  request: string;
  /** What differs, each as a line: where, and the two values. */
  what: string[];
  baseline: Answer;
  candidate: Answer;
}

/** A request only one side was sent: the run took another path after an earlier difference. */
export interface Unpaired {
  operation: string;
  rule: string;
  case?: string;
  request: string;
  curl: string;
}

export interface Comparison {
  /** Exchanges paired and compared. */
  compared: number;
  differences: Difference[];
  baselineOnly: Unpaired[];
  candidateOnly: Unpaired[];
}

/** What a diff found, as diff.json holds it. */
export interface DiffReport {
  seed: number;
  runs: number;
  rules: number;
  baseline: TargetDescription;
  candidate: TargetDescription;
  /** What was read past, and how. */
  normalised: readonly string[];
  comparison: Comparison;
}
