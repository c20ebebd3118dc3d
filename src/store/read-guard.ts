/**
 * A check run before each expensive read (a row decoded, an id set read, a link list walked), so
 * work can be stopped from inside between two reads: a pool worker throws from it once its task
 * is past its deadline, which is safer than terminating a thread that may be inside a native call.
 */
export class ReadGuard {
  check: () => void = noCheck;
}

const noCheck = (): void => {};
