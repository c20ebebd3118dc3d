import type { Command } from '../command.js';
import { FOLDER_SETTINGS, openFolderArgument } from '../folder-argument.js';
import { EXIT_OK } from '../usage.js';

export const statusCommand: Command = {
  name: 'status',
  summary: 'Print what a server of a data folder answers at GET /_quarry/health: its role, its last write\'s sequence, its lag',
  positionals: ['[DIR]'],
  settings: FOLDER_SETTINGS,
  details: `
Opens the LMDB data folder given by --data (or as DIR) read-only, so servers may keep running on
it, and prints one line of JSON, what GET /_quarry/health answers: the folder's role ("writer",
or "replica" for a folder a replica serves), the sequence of its last committed write (every
write transaction is one, whichever process made it; a replica's: the writer's last it applied)
and its lag behind the writer (0 for a writer; null for a replica, which only the running
replica knows).

Example:
  quarry status --data .quarry/mine --schemas data/schemas
`,
  async run(args, ctx) {
    const quarry = openFolderArgument(this.name, args, ctx);
    try {
      ctx.stdout.write(`${JSON.stringify(quarry.health())}\n`);
      return EXIT_OK;
    } finally {
      await quarry.close();
    }
  },
};
