export { compareValues, indexedTextTest, matcherFor, testCompare, textOf, type Matcher } from './compare.js';
export {
  INVALID_DATE_MESSAGE, INVALID_DATETIME_MESSAGE, INVALID_TIME_MESSAGE,
  normalizeDate, normalizeDateTime, normalizeTime,
} from './temporal.js';
export { compareCodePoints, foldCase } from './text.js';
export { and3, not3, or3, type Truth } from './truth.js';
