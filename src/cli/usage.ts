/** Exit codes of every command. */
export const EXIT_OK = 0;
export const EXIT_RUNTIME = 1;
export const EXIT_USAGE = 2;
/** `quarry check` found the data folder inconsistent. */
export const EXIT_PROBLEMS = 3;

/** The command line asks for something that cannot be done as written: exit code 2, with a hint to --help. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}
