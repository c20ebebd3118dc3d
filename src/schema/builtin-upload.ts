import type { SchemaSource } from './raw.js';

export const FILE_UID = 'plugin::upload.file';

/**
 * The upload plugin's file type: a media field is a relation to it. Its fields are Strapi's, in
 * the order a populated file shows them; `folderPath` is private there too, and the `related`
 * and `folder` relations are left out (Quarry serves neither side). It has no `/api/<plural>`
 * route of its own.
 */
export const builtinFileSchema: SchemaSource = {
  uid: FILE_UID,
  file: '<built-in upload file>',
  schema: {
    kind: 'collectionType',
    collectionName: 'files',
    info: { singularName: 'file', pluralName: 'files', displayName: 'File' },
    options: { draftAndPublish: false },
    attributes: {
      name: { type: 'string', required: true },
      alternativeText: { type: 'text' },
      caption: { type: 'text' },
      focalPoint: { type: 'json' },
      width: { type: 'integer' },
      height: { type: 'integer' },
      formats: { type: 'json' },
      hash: { type: 'string', required: true },
      ext: { type: 'string' },
      mime: { type: 'string', required: true },
      size: { type: 'decimal', required: true },
      url: { type: 'text', required: true },
      previewUrl: { type: 'text' },
      provider: { type: 'string', required: true },
      provider_metadata: { type: 'json' },
      folderPath: { type: 'string', private: true },
    },
  },
};
