/**
 * Inputs far past a limit, `n` deep or `n` wide, for each shape a limit is there for. The fuzz
 * targets draw from them, and the growth check times them at two sizes: each must be refused in
 * time at most linear in its size.
 */

/** `filters[$and][0][$and][0]…`: query-string depth. */
export const deepQueryKey = (n: number): string => `filters${'[$and][0]'.repeat(n)}[name][$eq]=x`;
/** `filters[$or][i][name][$eq]=i` for `n` items: the length of one list. */
export const wideQuery = (n: number): string => Array.from({ length: n }, (_, i) => `filters[$or][${i}][name][$eq]=${i}`).join('&');
/** `$in` with `n` values in the query string. */
export const wideIn = (n: number): string => `filters[stars][$in]=${Array.from({ length: n }, (_, i) => i).join('&filters[stars][$in]=')}`;
/** A filter object `n` levels of `$not` deep, as the library or GraphQL could hand over. */
export function deepFilter(n: number): unknown {
  let value: unknown = { name: { $eq: 'x' } };
  for (let i = 0; i < n; i++) value = i % 2 === 0 ? { $not: value } : { $and: [value] };
  return value;
}
/** `$or` of `n` conditions as an object. */
export const wideFilter = (n: number): unknown => ({ $or: Array.from({ length: n }, (_, i) => ({ name: { $eq: `n${i}` } })) });
/** A JSON body whose json field nests `n` levels. */
export const deepJsonBody = (n: number): string => `{"data":{"title":"x","meta":${'['.repeat(n)}${']'.repeat(n)}}}`;
/** A relation `connect` of `n` items that name nothing. */
export const wideConnect = (n: number): unknown => ({ categories: { connect: Array.from({ length: n }, (_, i) => `missing${i}`) } });
/** A `position` anchor nested `n` times in itself. */
export function deepPosition(n: number): unknown {
  let position: unknown = { end: true };
  for (let i = 0; i < n; i++) position = { before: { documentId: 'x', position } };
  return { categories: { connect: [{ documentId: 'y', position }] } };
}
