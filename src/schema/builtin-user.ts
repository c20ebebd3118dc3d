import type { SchemaSource } from './raw.js';

export const USER_UID = 'plugin::users-permissions.user';

/** The users-permissions user type Strapi always has; its password and tokens are private. */
export const builtinUserSchema: SchemaSource = {
  uid: USER_UID,
  file: '<built-in users-permissions user>',
  schema: {
    kind: 'collectionType',
    collectionName: 'up_users',
    info: { singularName: 'user', pluralName: 'users', displayName: 'User' },
    options: { draftAndPublish: false },
    attributes: {
      username: { type: 'string', required: true, unique: true, minLength: 3 },
      email: { type: 'email', required: true, minLength: 6 },
      provider: { type: 'string' },
      password: { type: 'password', private: true, minLength: 6 },
      resetPasswordToken: { type: 'string', private: true },
      confirmationToken: { type: 'string', private: true },
      confirmed: { type: 'boolean', default: false },
      blocked: { type: 'boolean', default: false },
    },
  },
};
