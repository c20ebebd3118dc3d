/** The value kept under `key`, made by `make` the first time: each type of a schema is made once and shared. */
export function madeOnce<K, V>(made: Map<K, V>, key: K, make: () => V): V {
  let value = made.get(key);
  if (value === undefined) {
    value = make();
    made.set(key, value);
  }
  return value;
}
