/** Every message a malformed filter can get, so tests and docs name them rather than copy them. */

export const FILTERS_TYPE_MESSAGE = 'The filters parameter must be an object or an array';
export const FILTER_OBJECT_MESSAGE = 'Expected a filter object or a list of filter objects';
export const BETWEEN_MESSAGE = '$between expects exactly two values: [low, high]';
export const JSON_OPERATOR_MESSAGE = 'json fields can only be filtered with $null and $notNull';

/** Unknown and private keys read alike, so an error does not reveal which private fields exist. */
export const invalidKeyMessage = (key: string, path: string | undefined): string =>
  path === undefined ? `Invalid key ${key}` : `Invalid key ${key} at ${path}`;
export const misplacedOperatorMessage = (key: string): string =>
  `Invalid key ${key}: only $and, $or and $not may stand where a field is expected`;
export const groupListMessage = (key: string): string => `${key} expects a list of filters`;
export const nestedOperatorMessage = (inner: string, outer: string): string => `${inner} cannot be nested under ${outer}`;
export const objectOperandMessage = (key: string): string => `${key} expects a value, not an object`;
export const nestedListMessage = (key: string): string => `${key} expects values, not lists`;
export const nullOperandMessage = (key: string): string => `${key} does not accept null`;
export const textOperandMessage = (key: string): string => `${key} expects a text value`;
export const listLimitMessage = (key: string, limit: number): string => `${key} accepts at most ${limit} values`;
export const conditionLimitMessage = (limit: number): string => `Filters exceed the limit of ${limit} conditions`;
export const depthLimitMessage = (limit: number): string => `Filters exceed the depth limit of ${limit}`;
