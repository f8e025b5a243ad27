/**
 * The `media` attribute type, as the kernel sees it: what a schema may write
 * (`{ "type": "media", "multiple": true, "allowedTypes": ["images", "videos"] }`), the model
 * field it becomes (its values are entries of `plugin::upload.file`), and the table its links
 * live in.
 */
import type { AttributeBase, AttributeTypeDefinition } from '@platform/core';
import { FILE_UID } from './file-content-type';
import { morphTable } from './morph-table';

export const MEDIA_CATEGORIES = ['images', 'videos', 'files', 'audios'] as const;
export type MediaCategory = (typeof MEDIA_CATEGORIES)[number];

export interface MediaAttribute extends AttributeBase {
  type: 'media';
  multiple?: boolean;
  allowedTypes?: MediaCategory[];
}

declare module '@platform/core' {
  interface ExtensionAttributeMap {
    media: MediaAttribute;
  }
}

/** What the media field kind reads from the attribute (`ExtensionField.options`). */
export interface MediaOptions {
  /** null: every kind of file */
  allowedTypes: MediaCategory[] | null;
}

export const mediaAttributeType: AttributeTypeDefinition = {
  validate(attribute) {
    if (attribute.multiple !== undefined && typeof attribute.multiple !== 'boolean') return 'has "multiple" that is not a boolean';
    const { allowedTypes } = attribute;
    if (allowedTypes !== undefined && allowedTypes !== null && (!Array.isArray(allowedTypes) || !allowedTypes.every((type) => (MEDIA_CATEGORIES as readonly unknown[]).includes(type)))) {
      return `has "allowedTypes" that is not a list of ${MEDIA_CATEGORIES.join(', ')}`;
    }
    return null;
  },
  toField(_name, attribute) {
    const allowedTypes = Array.isArray(attribute.allowedTypes) ? (attribute.allowedTypes as MediaCategory[]) : null;
    return { target: FILE_UID, multiple: attribute.multiple === true, options: { allowedTypes } satisfies MediaOptions };
  },
  tables: (models) => [morphTable(models)],
};
