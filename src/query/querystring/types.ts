import { isRecord } from '../../objects.js';

/**
 * What the bracket reader builds: strings as sent, `null` for a key without `=`
 * (qs `strictNullHandling`), objects without a prototype, and lists.
 */
export type QueryValue = string | null | QueryObject | QueryValue[];

/** Always created with `Object.create(null)`: no key of the input can reach `Object.prototype`. */
export interface QueryObject {
  [key: string]: QueryValue;
}

export const isQueryObject = (value: QueryValue | undefined): value is QueryObject => isRecord(value);
