import type { ProgressOutput } from './progress.js';

/** What a command may touch of the process, so tests can run commands in-process. */
export interface Context {
  readonly env: NodeJS.ProcessEnv;
  readonly cwd: string;
  readonly stdout: ProgressOutput;
  /** Settings, progress and errors go here; stdout carries only what a command is for. */
  readonly stderr: ProgressOutput;
  /** Resolves with the signal's name when the process is asked to stop; serving waits on it. */
  waitForStop(): Promise<string>;
}

export function processContext(): Context {
  return {
    env: process.env,
    cwd: process.cwd(),
    stdout: process.stdout,
    stderr: process.stderr,
    // Handlers are set only when a command waits, so Ctrl-C still ends an import at once.
    waitForStop: () => new Promise((resolve) => {
      const stop = (signal: string) => {
        process.off('SIGINT', stop);
        process.off('SIGTERM', stop);
        resolve(signal);
      };
      process.on('SIGINT', stop);
      process.on('SIGTERM', stop);
    }),
  };
}
