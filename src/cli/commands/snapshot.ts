import { requestSnapshot } from '../../replication/writer.js';
import type { Command } from '../command.js';
import { credentialsOf } from '../replication-settings.js';
import { describeSettings, resolveSettings } from '../settings.js';
import { EXIT_OK, UsageError } from '../usage.js';

const SNAPSHOT_SETTINGS = ['nats', 'stream', 'natsUser', 'natsPassword', 'natsToken'] as const;

export const snapshotCommand: Command = {
  name: 'snapshot',
  summary: 'Ask the writer publishing to a stream for a snapshot now (replicas starting after it begin there)',
  positionals: [],
  settings: SNAPSHOT_SETTINGS,
  details: `
Sends a request to the writer publishing to the stream (quarry serve --publish) over NATS and
waits for it to make a snapshot: a compacting copy of its folder, streamed into the stream's
object store, which replicas starting later begin from (README, "Replicas"). Prints the
snapshot's tag, one line of JSON: the writer, the write generation it holds, the stream sequence
replicas go on from, when it was made. Exits 1 when no writer answers.

Example:
  quarry snapshot --nats nats://127.0.0.1:4222 --stream quarry
`,
  async run(args, ctx) {
    const s = resolveSettings(SNAPSHOT_SETTINGS, args.flags, ctx.env);
    ctx.stderr.write(describeSettings(this.name, s));
    if (s.nats.value === '') throw new UsageError('--nats is required (or set QUARRY_NATS)');
    const tag = await requestSnapshot({ url: s.nats.value, stream: s.stream.value, ...credentialsOf(s) });
    ctx.stdout.write(`${JSON.stringify(tag)}\n`);
    return EXIT_OK;
  },
};
