/** A command's options by name: each one's value (a flag's is 'true'), or the first of a list's. */
export type Options = Record<string, string | undefined>;
/** Options given as often as needed (`--redirect-uri A --redirect-uri B`): every value. */
export type Lists = Record<string, string[] | undefined>;
