/**
 * A pool worker's entry when Quarry runs from its TypeScript sources (the tests): the worker's
 * modules (`workerData.entry`) are compiled by tsx as they load, so a worker runs the same
 * sources as the thread that started it rather than a build of them that may be older. A built
 * Quarry starts its JavaScript worker directly and never loads this file.
 */
import { workerData } from 'piscina';
import { pathToFileURL } from 'node:url';
import { register } from 'tsx/esm/api';

register();
const worker = await import(pathToFileURL(workerData.entry).href);
export default worker.default;
