/**
 * The text of an entry's numeric row id (`id`, not `documentId`), as the plugin routes and
 * mutations that take one read it (users-permissions' users, the upload plugin's files):
 * anything else names no entry, which those answer as not found rather than as bad input.
 */
export const ROW_ID = /^[1-9][0-9]{0,15}$/;
