import type { Store } from '../store/store.js';

/** What each started write answers, in the order started. */
export type Written<T extends readonly Promise<unknown>[]> = { -readonly [K in keyof T]: Awaited<T[K]> };

/**
 * Document-service writes that commit as one transaction: `start` calls them without awaiting
 * and answers their promises. Each call does its work before it returns, inside the transaction
 * it joins; if any of them fails, none of them is kept and the first failure is thrown.
 */
export function writeTogether<const T extends readonly Promise<unknown>[]>(store: Store, start: () => T): Promise<Written<T>> {
  let calls: T | undefined;
  try {
    store.transact(() => {
      calls = start();
      // Settled after the commit; a failure has already rolled the transaction back, and is thrown from it.
      for (const call of calls) call.catch(() => undefined);
    });
  } catch (error) {
    return Promise.reject(error);
  }
  return Promise.all(calls!) as Promise<Written<T>>;
}
