/**
 * `window.platformAdmin`: what a plugin's extension script uses (docs/admin.md), so it
 * bundles neither React nor the component library and shares the panel's session.
 */
import * as Mantine from '@mantine/core';
import * as React from 'react';
import { api, queryString } from './api';
import { registerField, registerPage } from './registry';

export interface PlatformAdminGlobal {
  version: 1;
  React: typeof React;
  ui: typeof Mantine;
  api: typeof api;
  queryString: typeof queryString;
  registerPage: typeof registerPage;
  registerField: typeof registerField;
}

declare global {
  interface Window {
    platformAdmin?: PlatformAdminGlobal;
  }
}

export function exposeGlobal(): void {
  window.platformAdmin = Object.freeze({ version: 1, React, ui: Mantine, api, queryString, registerPage, registerField });
}

/** Loads the extension scripts of the server's plugins (once, after sign-in). */
let loaded = false;
export async function loadExtensions(): Promise<void> {
  if (loaded) return;
  loaded = true;
  const { data } = await api.get<{ data: Array<{ plugin: string; url: string }> }>('/admin/extensions');
  await Promise.all(
    data.map(
      ({ url }) =>
        new Promise<void>((resolve) => {
          const script = document.createElement('script');
          script.src = url;
          script.onload = () => resolve();
          script.onerror = () => resolve();
          document.head.append(script);
        }),
    ),
  );
}
