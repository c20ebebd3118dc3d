import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Real nats-server processes for tests (Debian's `nats-server` package, which `.ci/run` installs
 * when it is missing): each on free ports of 127.0.0.1 with JetStream in a folder of its own,
 * stopped by its pid. A node can be stopped and started again on the same ports and folder, as a
 * crashed server comes back.
 */
export interface NatsNode {
  readonly url: string;
  readonly name: string;
  /** Kills the process (SIGKILL when `crash`), leaving its folder for `start`. */
  stop(crash?: boolean): Promise<void>;
  /** Starts it again (after `stop`) on its ports and folder. */
  start(): Promise<void>;
  /** Stops it and removes its folder. */
  remove(): Promise<void>;
}

const READY = /Server is ready/;
const START_MS = 10_000;

/** One node with JetStream. */
export async function startNats(): Promise<NatsNode> {
  const [node] = await launch(1);
  return node!;
}

/** `size` nodes routed to each other as one cluster, JetStream on each (a stream may then be replicated on up to `size`). */
export async function startNatsCluster(size = 3): Promise<NatsNode[]> {
  return launch(size);
}

async function launch(size: number): Promise<NatsNode[]> {
  const ports = await Promise.all(Array.from({ length: size }, () => freePort()));
  const routePorts = size > 1 ? await Promise.all(Array.from({ length: size }, () => freePort())) : [];
  const cluster = `q${ports[0]}`;
  const nodes = ports.map((port, i) => {
    const name = `${cluster}-${i}`;
    const dir = mkdtempSync(join(tmpdir(), `quarry-nats-${name}-`));
    const args = ['-js', '-a', '127.0.0.1', '-p', String(port), '-sd', dir, '-n', name];
    if (size > 1) {
      args.push('--cluster_name', cluster, '--cluster', `nats://127.0.0.1:${routePorts[i]}`);
      args.push('--routes', routePorts.filter((_, k) => k !== i).map((p) => `nats://127.0.0.1:${p}`).join(','));
    }
    return new Node(`nats://127.0.0.1:${port}`, name, dir, args);
  });
  await Promise.all(nodes.map((n) => n.start()));
  return nodes;
}

class Node implements NatsNode {
  private child: ChildProcess | undefined;

  constructor(readonly url: string, readonly name: string, private readonly dir: string, private readonly args: readonly string[]) {}

  start(): Promise<void> {
    if (this.child) return Promise.reject(new Error(`nats-server ${this.name} is running`));
    const child = spawn('nats-server', this.args, { stdio: ['ignore', 'ignore', 'pipe'] });
    this.child = child;
    return new Promise((resolve, reject) => {
      let log = '';
      const timer = setTimeout(() => fail(new Error(`nats-server ${this.name} was not ready in ${START_MS} ms:\n${log}`)), START_MS);
      const fail = (e: Error) => {
        clearTimeout(timer);
        child.kill('SIGKILL');
        this.child = undefined;
        reject(e);
      };
      child.on('error', (e) => fail(new Error(`nats-server did not start (is Debian's nats-server package installed?): ${e.message}`)));
      child.stderr!.on('data', (chunk: Buffer) => {
        if (log.length < 64 * 1024) log += chunk.toString();
        if (READY.test(log)) {
          clearTimeout(timer);
          resolve();
        }
      });
    });
  }

  async stop(crash = false): Promise<void> {
    const child = this.child;
    if (!child) return;
    this.child = undefined;
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill(crash ? 'SIGKILL' : 'SIGTERM');
    await exited;
  }

  async remove(): Promise<void> {
    await this.stop(true);
    rmSync(this.dir, { recursive: true, force: true });
  }
}

/** A port free on 127.0.0.1 now (the OS's pick for a listener on port 0). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}
