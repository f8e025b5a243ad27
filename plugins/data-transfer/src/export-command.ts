/**
 * `platform export [--file NAME] [--no-encrypt] [--key K] [--no-compress] [--only ...|--exclude ...]`:
 * exporter.ts on the command line. As `strapi export` does, the name gets `.tar`, `.gz` when
 * compressed and `.enc` when encrypted, and encryption (on by default) needs a key.
 */
import path from 'node:path';
import { CliUsageError, defineCommand, parseCommandArgs } from '@platform/core';
import { ALGORITHMS, DEFAULT_ALGORITHM, type Algorithm } from './cipher';
import { transferContext } from './context-of';
import type { ExportSummary } from './exporter';
import type { Group } from './format';
import { selectGroups } from './groups';
import { progressLine } from './progress';
import { summaryLines } from './summary';

export const EXPORT_HELP = `Usage: platform export [--file NAME] [--key K | --no-encrypt] [--no-compress] [--only content,files,config | --exclude ...] [--app DIR]

Writes the app's content, uploaded files and settings as a data-transfer archive of Strapi v4's format
(readable by platform import and strapi import). Strapi's admin users, roles and API tokens are not exported.

  --file         the archive's name, without extension (default export_<date and time>); .tar, .gz and .enc are added
  --key          the key the archive is encrypted with (encryption is on unless --no-encrypt)
  --no-encrypt   writes the archive unencrypted
  --algorithm    ${ALGORITHMS.join(', ')} (default ${DEFAULT_ALGORITHM}, Strapi's)
  --no-compress  writes the tar file without gzip
  --only         exports only these of content (entries and relations), files (uploaded files), config (settings)
  --exclude      exports all but these
`;

export interface ExportArgs {
  file: string;
  key: string | undefined;
  algorithm: Algorithm;
  compress: boolean;
  groups: Set<Group>;
}

function timestamp(date: Date): string {
  return date.toISOString().replace(/[-:T]/g, '').slice(0, 14);
}

/** NAME with the extensions the options call for (not repeated when NAME already has them). */
export function archiveName(name: string, compress: boolean, encrypt: boolean): string {
  const extension = `.tar${compress ? '.gz' : ''}${encrypt ? '.enc' : ''}`;
  if (name.endsWith(extension)) return name;
  return `${name.replace(/\.tar(\.gz)?(\.enc)?$/, '')}${extension}`;
}

export function parseExportArgs(argv: string[], now = new Date()): ExportArgs {
  const { options } = parseCommandArgs(argv, {
    command: 'export',
    options: { file: 'string', key: 'string', algorithm: 'string', 'no-encrypt': 'boolean', 'no-compress': 'boolean', only: 'string', exclude: 'string' },
  });
  const encrypt = options['no-encrypt'] !== true;
  const key = options.key as string | undefined;
  if (encrypt && (key === undefined || key === '')) throw new CliUsageError('export: the archive is encrypted unless --no-encrypt: give its --key (platform export --help)');
  if (!encrypt && key !== undefined) throw new CliUsageError('export: --key and --no-encrypt cannot be given together (platform export --help)');
  const algorithm = (options.algorithm as string | undefined) ?? DEFAULT_ALGORITHM;
  if (!(ALGORITHMS as readonly string[]).includes(algorithm)) throw new CliUsageError(`export: --algorithm takes ${ALGORITHMS.join(', ')}, got "${algorithm}" (platform export --help)`);
  const compress = options['no-compress'] !== true;
  const name = (options.file as string | undefined) ?? `export_${timestamp(now)}`;
  if (name === '') throw new CliUsageError('export: --file needs a name (platform export --help)');
  return {
    file: path.resolve(archiveName(name, compress, encrypt)),
    key: encrypt ? key : undefined,
    algorithm: algorithm as Algorithm,
    compress,
    groups: selectGroups('export', options.only as string | undefined, options.exclude as string | undefined),
  };
}

export const exportCommand = defineCommand<ExportArgs>({
  summary: "write the app's content, files and settings to a data-transfer archive",
  help: EXPORT_HELP,
  parse: parseExportArgs,
  async run(args, ctx, output) {
    const progress = progressLine();
    const started = Date.now();
    const uploadsDir = ctx.isEnabled('upload') ? path.join(ctx.appDir, 'public', 'uploads') : null;
    // tar-stream and the rest load when a transfer runs, not with every server
    const { exportArchive } = require('./exporter') as typeof import('./exporter.js');
    let summary: ExportSummary;
    try {
      summary = await exportArchive(transferContext(ctx), { ...args, pageSize: 500, uploadsDir, onProgress: (p) => progress.update(`export: ${p.stage} ${p.done}`) });
    } finally {
      progress.done();
    }
    for (const line of summaryLines('Exported', summary, `to ${summary.file} (${summary.bytes} bytes)`, started)) output.out(line);
  },
});
