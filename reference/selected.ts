/** The faults or legal variants the reference was started with (one, or none; several legal variants at once for the sweep's bundles); area code asks `has(name)`. */
export class Selected<T extends { name: string }, Name extends string = string> {
  readonly all: readonly T[];

  constructor(active: T | readonly T[] | undefined) {
    this.all = active === undefined ? [] : Array.isArray(active) ? active : [active as T];
  }

  /** The one it was started with, if any (the first of several). */
  get active(): T | undefined {
    return this.all[0];
  }

  /** `Name` is the catalogue's names: a misspelt one does not compile. */
  has(name: Name): boolean {
    return this.all.some((selected) => selected.name === name);
  }
}
