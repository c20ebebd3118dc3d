/**
 * glibc malloc settings for a bulk import, which bin/quarry.js sets for `quarry import` only.
 * By default each thread may get an arena of its own, and the size above which a block is mapped
 * (and given back when freed) rises to 32 MB as large blocks are freed, so the buffers an import
 * frees stay with the process: a 1M import peaked at 1,042 MB of anonymous memory without these
 * settings and 805-816 MB with them, in the same time (a threshold of 1 MB: 945 MB; 4 MB: 978).
 * glibc reads them once, at start, so they are the environment of the node process. A server is
 * left to glibc's defaults: they made no difference to serving that the machine's noise did not
 * hide (the mixed-load bench, with them and without, one run each), and a server's pool threads
 * would share two arenas.
 */
export const MALLOC_SETTINGS = { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '131072' } as const;

/** A start-up line saying whether the import runs with MALLOC_SETTINGS, and how to set them when it does not. */
export function mallocNote(env: NodeJS.ProcessEnv = process.env): string {
  const settings = Object.entries(MALLOC_SETTINGS).map(([name, value]) => `${name}=${value}`).join(' ');
  if (Object.entries(MALLOC_SETTINGS).every(([name, value]) => env[name] === value)) return `malloc: ${settings}\n`;
  return `malloc: glibc's defaults (for a lower memory peak set ${settings} in the environment, as \`quarry import\` does)\n`;
}
