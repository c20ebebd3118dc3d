import type { Dbs, RowDb } from '../dbs.js';
import type { LinkLayout, TypeLayout } from '../layout.js';
import { asKept } from '../index-upkeep.js';
import { checkComponents, type ComponentLayout } from './components-check.js';
import { checkLinks } from './links-check.js';
import { Names } from './names.js';
import { Problems, type CheckCounts, type CheckReport } from './problems.js';
import { checkRows, type CheckContext } from './rows-check.js';
import { checkStrays } from './strays.js';

export type { CheckReport, Problem, ProblemKind } from './problems.js';
export type { ComponentLayout } from './components-check.js';

/** What the checker reads: the store's databases raw (never its read cache) and its name codes. */
export interface CheckSource {
  readonly dbs: Dbs;
  readonly rowDbs: ReadonlyMap<string, RowDb>;
  readonly layouts: readonly TypeLayout[];
  readonly codes: ReadonlyMap<string, number>;
}

/**
 * Checks that everything the store derives from rows and links agrees with them exactly (see
 * checkRows, checkComponents, checkLinks, checkStrays). It runs synchronously, so it reads one
 * LMDB snapshot: a check beside a live writer sees one committed state, never half of a write.
 * Links from a component go from instances some row holds, so those are the component's "rows".
 */
export function checkStore(source: CheckSource, links: readonly LinkLayout[], components: readonly ComponentLayout[]): CheckReport {
  const problems = new Problems();
  const counts: CheckCounts = { types: 0, rows: 0, indexSets: 0, lists: 0, links: 0, components: 0 };
  const names = new Names(source.codes);
  const ctx: CheckContext = { dbs: source.dbs, names, problems, counts };
  const rowIds = new Map<string, ReadonlySet<number>>();
  for (const layout of source.layouts) {
    rowIds.set(layout.name, checkRows(ctx, asKept(source.dbs.meta, names.code(layout.name), layout), source.rowDbs.get(layout.name)!));
    counts.types++;
  }
  const instances = checkComponents(ctx, components, source.rowDbs);
  for (const [uid, ids] of instances) rowIds.set(uid, new Set(ids.keys()));
  checkLinks(ctx, links, rowIds, new Set(instances.keys()));
  const codesOf = (all: readonly string[]) => all.map((name) => names.code(name)).filter((code) => code !== undefined);
  checkStrays(ctx, codesOf(source.layouts.map((l) => l.name)), codesOf(links.flatMap((l) => [l.list, l.partner])));
  return { consistent: problems.count === 0, problems: problems.list, problemCount: problems.count, counts };
}
