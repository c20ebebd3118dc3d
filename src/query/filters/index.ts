export { buildFilterTree, type BuildFilterOptions } from './build.js';
export { booleanLike, castOperand, operandText, type Cast } from './cast.js';
export { DEFAULT_FILTER_LIMITS, type FilterLimits } from './limits.js';
export * from './messages.js';
