import { ValidationError } from '../../errors/index.js';
import type { ParamValue } from './types.js';
import { detailsAt, type Place } from './errors.js';
import type { Status } from '../../store/layout.js';

export const INVALID_STATUS_MESSAGE = 'Invalid status parameter. Expected "draft" or "published"';

/**
 * `published` unless the request says `draft`. The document service reads any other value as
 * draft; over REST that would answer a typo with drafts, so it is a 400 instead, on every type
 * (the status also reaches populated types that have draft & publish).
 */
export function parseStatus(value: ParamValue | undefined, place: Place): Status {
  if (value === undefined || value === null) return 'published';
  if (value === 'draft' || value === 'published') return value;
  throw new ValidationError(INVALID_STATUS_MESSAGE, detailsAt(place));
}
