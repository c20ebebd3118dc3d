/**
 * A store thread's first module when Quarry runs from its TypeScript sources (the tests): it has
 * tsx compile the thread's module (`workerData.entry`) as it loads, so that the thread runs the
 * same sources as the one that started it. A built Quarry starts the thread's JavaScript directly.
 */
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
