// Checks at once (--concurrency): a check works in one of that many lanes, and gives its
// lane back while it waits for a fixture group another check holds. A check that waits
// sends nothing, and kept in a lane it would keep a check of another group from running.
// Checks ask for a lane in the order they are declared (harness/schedule.ts); a check
// coming back from a wait comes before them, as it now holds a group others may wait for.

export class Lanes {
  private free: number;
  private readonly waiting: { first: Array<() => void>; next: Array<() => void> } = { first: [], next: [] };

  constructor(size: number) {
    this.free = Math.max(1, size);
  }

  /** Resolves once the caller holds a lane; `back` for a check coming back from a wait. */
  take(back = false): Promise<void> {
    if (this.free > 0 && this.waiting.first.length === 0 && this.waiting.next.length === 0) {
      this.free -= 1;
      return Promise.resolve();
    }
    return new Promise((resolve) => (back ? this.waiting.first : this.waiting.next).push(resolve));
  }

  give(): void {
    const next = this.waiting.first.shift() ?? this.waiting.next.shift();
    if (next) next();
    else this.free += 1;
  }
}

/** The lane of one check: taken once, given back during its waits and when it ends, never twice. */
export class CheckLane {
  private held = false;
  private ended = false;

  constructor(private readonly lanes: Lanes) {}

  async take(back = false): Promise<void> {
    await this.lanes.take(back);
    // A check cut off by its deadline while it waited for the lane: the lane goes on.
    if (this.ended) this.lanes.give();
    else this.held = true;
  }

  /** The check waits for something other checks hold. */
  pause(): void {
    if (!this.held) return;
    this.held = false;
    this.lanes.give();
  }

  resume(): Promise<void> {
    return this.held || this.ended ? Promise.resolve() : this.take(true);
  }

  end(): void {
    this.ended = true;
    this.pause();
  }
}
