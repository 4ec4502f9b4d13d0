// The critical path of a run behind the latency proxy: the longest chain of requests
// in which each reached the target at least one round trip after the answer to the one
// before it left, so it can have been sent only once that answer was in. Each link of
// such a chain costs the run a round trip whatever the concurrency, so the chain times
// the round trip is the network's share of the wall time. It is read from the times the
// target saw (the reference's journal), not from the suite's code, so it is the chain the
// run had, an upper bound of the one it needed: two requests of different checks that
// happened to follow one another count as a link too.

export interface Timed {
  receivedMs: number;
  answeredMs: number;
}

/** The number of requests in the longest chain; `roundTripMs` is the proxy's (2 × its delay). */
export function criticalPath(requests: readonly Timed[], roundTripMs: number): number {
  const byArrival = [...requests].sort((a, b) => a.receivedMs - b.receivedMs);
  const byAnswer = [...requests].sort((a, b) => a.answeredMs - b.answeredMs);
  const depth = new Map<Timed, number>();
  // A millisecond less than the round trip: the proxy's timers fire no earlier than set, the clock reads whole microseconds.
  const gap = roundTripMs - 1;
  let answered = 0;
  let deepestAnswered = 0;
  let deepest = 0;
  for (const request of byArrival) {
    while (answered < byAnswer.length && byAnswer[answered]!.answeredMs + gap <= request.receivedMs) {
      deepestAnswered = Math.max(deepestAnswered, depth.get(byAnswer[answered]!)!);
      answered += 1;
    }
    const own = deepestAnswered + 1;
    depth.set(request, own);
    deepest = Math.max(deepest, own);
  }
  return deepest;
}
