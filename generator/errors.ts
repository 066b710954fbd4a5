// Errors meant for the person running the command: the message says what is
// wrong and where. Anything else that is thrown is a bug in this program.
export class UserError extends Error {
  /** One line per problem (e.g. `rates.csv:12: drtDate: must be a real date ...`). */
  readonly problems: readonly string[];

  constructor(message: string, problems: readonly string[] = []) {
    super(message);
    this.name = 'UserError';
    this.problems = problems;
  }
}

export function describeUserError(error: UserError): string {
  return [error.message, ...error.problems.map((p) => `  ${p}`)].join('\n');
}
