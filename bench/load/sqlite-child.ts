/**
 * Loads the benchmark dataset into a SQLite file, in a process of its own so that the load
 * bench reads its peak memory as it reads quarry import's:
 *   node sqlite-child.js tuned|strapi SIZE SEED FILE
 * prints one JSON line: the load's time, the file's size after it and after VACUUM.
 */
import { rmSync } from 'node:fs';
import { generateDataset } from '../../fixtures/dataset/generate.js';
import { openDatabase } from '../sqlite/driver.js';
import { loadDataset, tuneForBulkLoad } from '../sqlite/load.js';
import { loadStrapiShaped } from '../sqlite/strapi-load.js';
import { diskSize, type DiskSize } from './disk-size.js';

export interface SqliteLoad {
  readonly loadMs: number;
  readonly afterLoad: DiskSize;
  readonly vacuumMs: number;
  readonly afterVacuum: DiskSize;
}

const [kind, size, seed, file] = process.argv.slice(2);
if ((kind !== 'tuned' && kind !== 'strapi') || file === undefined) throw new Error('usage: sqlite-child.js tuned|strapi SIZE SEED FILE');
const data = generateDataset(Number(size), Number(seed));
rmSync(file, { force: true });

const db = openDatabase(file);
tuneForBulkLoad(db);
const started = performance.now();
if (kind === 'tuned') loadDataset(db, data);
else loadStrapiShaped(db, data);
const loadMs = performance.now() - started;
db.close();
const afterLoad = diskSize(file);

const again = openDatabase(file);
const vacuumStarted = performance.now();
again.exec('VACUUM');
const vacuumMs = performance.now() - vacuumStarted;
again.close();
const report: SqliteLoad = { loadMs, afterLoad, vacuumMs, afterVacuum: diskSize(file) };
console.log(JSON.stringify(report));
