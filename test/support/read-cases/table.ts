import type { CaseGroup } from './case.js';
import { COMPONENT_GROUPS } from './component-cases.js';
import { FILTER_GROUPS } from './filter-cases.js';
import { LIST_GROUPS } from './list-cases.js';
import { MEDIA_GROUPS } from './media-cases.js';
import { POPULATE_GROUPS } from './populate-cases.js';
import { REFUSAL_GROUPS } from './refusal-cases.js';
import { SCOPE_GROUPS } from './scope-cases.js';

/**
 * The shared table of read requests (issue 16): every door of test/documents/read-cases.test.ts
 * answers each of them as the reference reader does. A new field kind extends it by rows in these
 * groups (or a group of its own) and by what each door needs to state and answer it.
 */
export const READ_TABLE: readonly CaseGroup[] = [
  ...FILTER_GROUPS, ...LIST_GROUPS, ...POPULATE_GROUPS, ...SCOPE_GROUPS, ...COMPONENT_GROUPS, ...MEDIA_GROUPS, ...REFUSAL_GROUPS,
];
