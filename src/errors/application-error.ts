import { QuarryError, type ErrorDetails } from './index.js';

/**
 * Strapi's catch-all 400 for input it cannot use that is not a validation of fields, e.g. an
 * upload whose bytes say image but do not decode ("File is not a valid image").
 */
export class ApplicationError extends QuarryError {
  override readonly name = 'ApplicationError';
  readonly status = 400;
  constructor(message = 'An application error occured', details: ErrorDetails = {}) {
    super(message, details);
  }
}
