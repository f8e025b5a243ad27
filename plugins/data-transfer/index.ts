/**
 * The data-transfer plugin: `platform export` and `platform import` with Strapi v4's
 * data-transfer archives (`metadata.json`, `schemas/`, `entities/`, `links/`,
 * `configuration/` as JSON lines, `assets/`; gzipped and encrypted as Strapi does), streamed
 * through the database in Strapi v4's layout, so ids, link tables and orders survive a move
 * between SQLite, PostgreSQL and MariaDB, and an archive written by `strapi export` restores.
 */
import { definePlugin } from '@platform/core';
import { exportCommand } from './src/export-command';
import { importCommand } from './src/import-command';

export type { ImportOptions, ImportSummary } from './src/importer';
export type { ExportOptions, ExportSummary } from './src/exporter';
export { ArchiveError } from './src/archive-error';
export type { TransferContext } from './src/transfer-context';

export default definePlugin({
  name: 'data-transfer',
  requires: ['query-engine'],
  // uploaded files travel with the archive when the upload plugin stores them
  optional: ['upload'],
  commands: { export: exportCommand, import: importCommand },
});
