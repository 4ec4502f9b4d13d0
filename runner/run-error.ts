/** The run could not be made (bad options, unreachable target, invalid profile): exit 2 with this one line. */
export class RunError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RunError';
  }
}
