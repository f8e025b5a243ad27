/**
 * For the unit specs of this folder: the example app booted on a throwaway SQLite file, and
 * its query engine. Not a test file itself.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Platform } from '@platform/core';
import type { Engine } from '../../engine';

export const EXAMPLE_APP = path.resolve(__dirname, '..', '..', '..', '..', '..');

export interface SpecPlatform {
  platform: Platform;
  engine: Engine;
  close(): Promise<void>;
}

export async function bootExampleApp(): Promise<SpecPlatform> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'populate-spec-'));
  const platform = new Platform({
    appDir: EXAMPLE_APP,
    logLevel: 'silent',
    config: { database: { connection: { client: 'sqlite', connection: { filename: path.join(dir, 'data.db') } } } },
  });
  try {
    await platform.start();
  } catch (error) {
    await platform.destroy().catch(() => {});
    fs.rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    platform,
    engine: platform.service('plugin::query-engine.engine'),
    async close() {
      await platform.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
