import { setFlagsFromString } from 'node:v8';
import type { Worker } from 'node:worker_threads';

/** The V8 flags that fix every isolate's young generation, a worker's too. */
const SEMI_SPACE_FLAGS = ['max-semi-space-size', 'min-semi-space-size'] as const;

/**
 * Starts a worker (`create`) whose `resourceLimits.maxYoungGenerationSizeMb` holds. V8 lets the
 * semi-space flags node was started with (the launcher's 64 MB, for serving) override an
 * isolate's own limit, and reads them as each isolate is made: so they are unset until the
 * worker is online, then set back. A bulk load's gathering thread got a 64 MB semi-space despite
 * asking for 8 MB of young generation, which took about 150 MB more at the peak of a 1M import.
 * Other isolates made meanwhile (none, in a bulk load) would take V8's defaults.
 */
export function workerWithOwnYoungGeneration(create: () => Worker): Worker {
  const given = SEMI_SPACE_FLAGS.map((flag) => [flag, startedWith(flag)] as const).filter(([, mb]) => mb !== undefined);
  if (given.length === 0) return create();
  for (const [flag] of given) setFlagsFromString(`--${flag}=0`);
  let restored = false;
  const restore = (): void => {
    if (restored) return;
    restored = true;
    for (const [flag, mb] of given) setFlagsFromString(`--${flag}=${mb}`);
  };
  try {
    const worker = create();
    worker.once('online', restore);
    worker.once('exit', restore);
    return worker;
  } catch (e) {
    restore();
    throw e;
  }
}

/** The value node was started with for a flag (NODE_OPTIONS, then its own arguments, the last one counting), or undefined. */
function startedWith(flag: string): string | undefined {
  const pattern = new RegExp(`^--${flag.replace(/-/g, '[-_]')}=(\\d+)$`);
  let value: string | undefined;
  for (const arg of [...(process.env.NODE_OPTIONS ?? '').split(/\s+/), ...process.execArgv]) value = pattern.exec(arg)?.[1] ?? value;
  return value;
}
