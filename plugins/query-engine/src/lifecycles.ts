/**
 * Loads `lifecycles.{ts,js}` beside each app content-type schema (Strapi v4 style).
 */
import path from 'node:path';
import { findModuleFile, loadUserModule, type Platform } from '@platform/core';
import type { Engine } from './engine';
import type { Lifecycles } from './types';

export function loadLifecycles(platform: Platform, engine: Engine): void {
  for (const ct of platform.schemas.contentTypes.values()) {
    if (ct.namespace !== 'api') continue;
    const file = findModuleFile(path.dirname(ct.source.file), 'lifecycles');
    if (!file || file.endsWith('.json')) continue;
    const lifecycles = loadUserModule(file) as Lifecycles;
    const list = engine.lifecycles.get(ct.uid) ?? [];
    list.push(lifecycles);
    engine.lifecycles.set(ct.uid, list);
  }
}
