/** The one fault or legal variant the reference was started with, if any; area code asks `has(name)`. */
export class Selected<T extends { name: string }> {
  constructor(readonly active: T | undefined) {}

  has(name: string): boolean {
    return this.active?.name === name;
  }
}
