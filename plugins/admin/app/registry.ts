/**
 * The panel's extension point (docs/admin.md): pages and field inputs registered by name.
 * Built-in pages (media library, Content API roles, API tokens, locales, administrators)
 * register here like any plugin's; a plugin's own script, loaded after sign-in, calls
 * `window.platformAdmin.registerPage(...)` / `registerField(...)` with the panel's React and
 * components, so it bundles neither.
 */
import type { ComponentType } from 'react';
import type { Attribute } from './types';

export interface PageProps {
  /** the part of the path after the page's own path (`/:id`...) */
  rest: string;
}

export interface AdminPage {
  /** unique, e.g. `upload.media-library` */
  id: string;
  /** where the link goes: the main menu or the settings menu */
  section: 'main' | 'settings';
  label: string;
  /** the page's path under /admin (`/plugins/upload`, `/settings/api-tokens`) */
  path: string;
  /** the plugin that must be enabled on the server (null: always) */
  plugin: string | null;
  /** shown only to administrators holding one of these actions (empty: to everyone signed in) */
  permissions: string[];
  component: ComponentType<PageProps>;
}

export interface FieldInputProps {
  name: string;
  /** the content-type or component uid the attribute belongs to */
  model: string;
  label: string;
  attribute: Attribute;
  value: unknown;
  onChange(value: unknown): void;
  error?: string;
  disabled?: boolean;
}

const pages = new Map<string, AdminPage>();
const fields = new Map<string, ComponentType<FieldInputProps>>();
const listeners = new Set<() => void>();

export function registerPage(page: AdminPage): void {
  if (pages.has(page.id)) throw new Error(`admin page "${page.id}" is already registered`);
  pages.set(page.id, page);
  for (const listener of listeners) listener();
}

/** an input for an attribute type (a plugin's own type, or to replace a built-in one) */
export function registerField(type: string, component: ComponentType<FieldInputProps>): void {
  fields.set(type, component);
  for (const listener of listeners) listener();
}

export function registeredPages(): AdminPage[] {
  return [...pages.values()];
}

export function fieldInput(type: string): ComponentType<FieldInputProps> | undefined {
  return fields.get(type);
}

export function onRegistryChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
