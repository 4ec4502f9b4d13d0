/** The one fault or legal variant the reference was started with, if any; area code asks `has(name)`. */
export class Selected<T extends { name: string }, Name extends string = string> {
  constructor(readonly active: T | undefined) {}

  /** `Name` is the catalogue's names: a misspelt one does not compile. */
  has(name: Name): boolean {
    return this.active?.name === name;
  }
}
