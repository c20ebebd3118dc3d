/**
 * Strapi's boolean-like query values (`parseType({ type: 'boolean' })` without forcing):
 * `undefined` for anything else, which the caller turns into its own 400.
 */
export function booleanLike(value: string): boolean | undefined {
  switch (value) {
    case 'true':
    case 't':
    case '1':
      return true;
    case 'false':
    case 'f':
    case '0':
      return false;
    default:
      return undefined;
  }
}
