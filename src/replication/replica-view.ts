import type { NatsConnection } from '@nats-io/transport-node';
import type { WriteForwarder } from '../documents/forwarding.js';
import { folderReaches, NatsForwarder } from './forwarder.js';
import { connectNats, streamNames, type ReplicationSettings } from './settings.js';

/**
 * One of several serving processes of a replica: it applies nothing (the replica's primary does,
 * into the folder they share), and sends writes to the writer over a NATS connection of its own,
 * answering once the folder holds them.
 */
export class ReplicaView {
  private constructor(private readonly nc: NatsConnection, readonly forwarder: WriteForwarder) {}

  /** `applied` reads the folder's applied generation afresh. */
  static async open(settings: ReplicationSettings, applied: () => number): Promise<ReplicaView> {
    const nc = await connectNats(settings, 'quarry replica view');
    return new ReplicaView(nc, new NatsForwarder(nc, streamNames(settings), (generation) => folderReaches(applied, generation)));
  }

  close(): Promise<void> {
    return this.nc.close();
  }
}
