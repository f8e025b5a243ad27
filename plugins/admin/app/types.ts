/** What the admin API answers, as the panel reads it. */
export interface Attribute {
  type: string;
  required?: boolean;
  unique?: boolean;
  private?: boolean;
  enum?: string[];
  relation?: string;
  target?: string;
  targetMainField?: string;
  targetField?: string;
  component?: string;
  components?: string[];
  repeatable?: boolean;
  multiple?: boolean;
  allowedTypes?: string[] | null;
  min?: number;
  max?: number;
  minLength?: number;
  maxLength?: number;
  default?: unknown;
  mappedBy?: string;
  inversedBy?: string;
  [key: string]: unknown;
}

export interface ContentType {
  uid: string;
  kind: 'collectionType' | 'singleType';
  info: { displayName: string; singularName: string; pluralName: string };
  options: { draftAndPublish: boolean; localized: boolean };
  mainField: string;
  attributes: Record<string, Attribute>;
}

export interface ComponentSchema {
  uid: string;
  category: string;
  info: { displayName: string };
  mainField: string;
  attributes: Record<string, Attribute>;
}

export interface Entry {
  id: number;
  [key: string]: unknown;
}

export interface Pagination {
  page: number;
  pageSize: number;
  pageCount: number;
  total: number;
}

export interface AdminUser {
  id: number;
  firstname: string | null;
  lastname: string | null;
  email: string;
  isActive: boolean;
  blocked: boolean;
  roles: Array<{ id: number; name: string; code: string }>;
}

export interface Permission {
  action: string;
  subject: string | null;
  properties: Record<string, unknown>;
  conditions: string[];
}

export interface MediaFile {
  id: number;
  name: string;
  alternativeText: string | null;
  caption: string | null;
  mime: string;
  ext: string;
  size: number;
  url: string;
  width?: number | null;
  height?: number | null;
  formats?: Record<string, { url: string }> | null;
  /** where it is (the media library's listing says): its folder with its parents, null at the root */
  folder?: MediaLocation | null;
}

/** a folder with its parents nested up to the root, as the media library's listing answers a file's */
export interface MediaLocation {
  id: number;
  name: string;
  pathId: number;
  path: string;
  parent: MediaLocation | null;
}
