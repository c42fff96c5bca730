/** A call the usage does not allow: exit 2, with the usage. */
export class UsageError extends Error {
  constructor(
    message: string,
    readonly command?: string,
  ) {
    super(message);
  }
}
