/** The parent side of the load generator: forks client.ts once and runs autocannon jobs in it. */
import { type ChildProcess, fork } from 'node:child_process';
import type { ClientAnswer, ClientRun, RunSummary } from './protocol.js';

export class LoadGenerator {
  private readonly child: ChildProcess;
  private nextId = 0;
  private readonly pending = new Map<number, { resolve: (s: RunSummary) => void; reject: (e: Error) => void }>();

  constructor() {
    this.child = fork(new URL('./client.js', import.meta.url), [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    this.child.on('message', (answer: ClientAnswer) => {
      const waiter = this.pending.get(answer.id);
      if (!waiter) return;
      this.pending.delete(answer.id);
      if (answer.error !== undefined) waiter.reject(new Error(`load generator: ${answer.error}`));
      else waiter.resolve(answer.summary);
    });
    this.child.on('exit', (code) => {
      for (const waiter of this.pending.values()) waiter.reject(new Error(`load generator exited (${code})`));
      this.pending.clear();
    });
  }

  run(spec: Omit<ClientRun, 'id'>): Promise<RunSummary> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.child.send({ ...spec, id } satisfies ClientRun);
    });
  }

  close(): void {
    this.child.disconnect();
  }
}
