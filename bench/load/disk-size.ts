import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

export interface DiskSize {
  /** Blocks the files hold on disk (st_blocks × 512): a sparse file counts what it uses. */
  readonly allocated: number;
  /** The files' lengths (st_size): a sparse file counts its holes too. */
  readonly apparent: number;
}

/** The size of a file, or of every file under a folder. */
export function diskSize(path: string): DiskSize {
  const s = statSync(path);
  if (!s.isDirectory()) return { allocated: s.blocks * 512, apparent: s.size };
  let allocated = 0;
  let apparent = 0;
  for (const name of readdirSync(path)) {
    const inner = diskSize(join(path, name));
    allocated += inner.allocated;
    apparent += inner.apparent;
  }
  return { allocated, apparent };
}
