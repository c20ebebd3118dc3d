import type { ScalarType } from './types.js';

/**
 * A custom field's schema names its plugin, not how its value is stored: these widely used ones
 * store as a built-in type. Others come from the `customFields` setting; an unmapped one loads
 * as JSON with a warning.
 */
export const KNOWN_CUSTOM_FIELDS: Readonly<Record<string, ScalarType>> = {
  // CKEditor 4 (strapi-plugin-ckeditor) and CKEditor 5 (@ckeditor/strapi-plugin-ckeditor): HTML text.
  'plugin::ckeditor.CKEditor': 'richtext',
  'plugin::ckeditor5.CKEditor': 'richtext',
  // The tiptap editor (@notum-cz/strapi-plugin-tiptap-editor): HTML text.
  'plugin::tiptap-editor.RichText': 'richtext',
  // Strapi's color picker: a `#rrggbb` string.
  'plugin::color-picker.color': 'string',
};

/** The setting that maps further custom fields, named in the warning for an unmapped one. */
export const CUSTOM_FIELDS_SETTING = 'customFields';
