// A check's deadline (RULE_TIMEOUT_MS) counts the target's time only: the time during
// which at least one of the check's own requests waits for its answer, from the moment
// it is sent to the last byte of the answer. Every wait of the suite's own (the pace of
// --rate-limit, a fixture lock, a lane, a reading another check is making, the clock's
// timeline) lies outside it by construction, so no scheduling of the run can expire a
// check, and a target that hangs still does.

export class TargetTime {
  private inFlight = 0;
  private since = 0;
  private spentMs = 0;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly limitMs: number,
    private readonly onExpired: () => void,
  ) {}

  /** A request is sent; the function returned says its answer is in (or never will be). Idempotent. */
  begin(): () => void {
    if (this.inFlight++ === 0) {
      this.since = performance.now();
      this.timer = setTimeout(this.onExpired, Math.max(0, this.limitMs - this.spentMs));
    }
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      if (--this.inFlight > 0) return;
      clearTimeout(this.timer);
      this.timer = undefined;
      this.spentMs += performance.now() - this.since;
    };
  }

  /** Milliseconds of the target's time so far. */
  get spent(): number {
    return this.spentMs + (this.inFlight > 0 ? performance.now() - this.since : 0);
  }

  stop(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }
}
