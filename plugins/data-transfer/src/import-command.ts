/**
 * `platform import --file NAME [--key K] [--force] [--only ...|--exclude ...] [--batch-size N] [--resume REPORT]`:
 * importer.ts on the command line, with a progress line on a terminal and a summary at the end.
 */
import path from 'node:path';
import { CliUsageError, CommandError, defineCommand, parseCommandArgs } from '@platform/core';
import { ArchiveError } from './archive-error';
import { ALGORITHMS, DEFAULT_ALGORITHM, type Algorithm } from './cipher';
import type { Group } from './format';
import { selectGroups } from './groups';
import type { ImportSummary } from './importer';
import { readReport, reportFileOf } from './import-report';
import { progressLine } from './progress';
import { summaryLines } from './summary';
import { transferContext } from './context-of';

export const IMPORT_HELP = `Usage: platform import --file NAME [--key K] [--force] [--only content,files,config | --exclude ...] [--batch-size N] [--resume REPORT] [--app DIR]

Restores an archive of Strapi v4's data-transfer format (written by platform export or strapi export)
into the app's database. The rows of every type the archive brings are replaced (as Strapi does);
Strapi's admin users, roles and API tokens are left as they are.

  --file        the archive: NAME.tar.gz, NAME.tar or, encrypted, NAME.tar.gz.enc
  --key         the key the archive was encrypted with (needed for a .enc file)
  --algorithm   the cipher it was encrypted with: ${ALGORITHMS.join(', ')} (default ${DEFAULT_ALGORITHM}, Strapi's)
  --force       when the archive's schemas differ from the app's, import what matches instead of refusing
  --only        imports only these of content (entries and relations), files (uploaded files), config (settings)
  --exclude     imports all but these
  --batch-size  rows written per transaction (default 1000)
  --resume      the report a failed import of this archive left (NAME.import-report.json): goes on
                after the batches it committed instead of starting over
`;

export interface ImportArgs {
  file: string;
  key: string | undefined;
  algorithm: Algorithm;
  force: boolean;
  groups: Set<Group>;
  batchSize: number;
  resume: string | null;
}

export function parseImportArgs(argv: string[]): ImportArgs {
  const { options } = parseCommandArgs(argv, {
    command: 'import',
    options: { file: 'string', key: 'string', algorithm: 'string', force: 'boolean', only: 'string', exclude: 'string', 'batch-size': 'string', resume: 'string' },
  });
  const file = options.file as string | undefined;
  if (file === undefined || file === '') throw new CliUsageError('import: --file is required (platform import --help)');
  const key = options.key as string | undefined;
  if (key === undefined && file.endsWith('.enc')) throw new CliUsageError(`import: ${file} is encrypted: give its --key (platform import --help)`);
  const algorithm = (options.algorithm as string | undefined) ?? DEFAULT_ALGORITHM;
  if (!(ALGORITHMS as readonly string[]).includes(algorithm)) throw new CliUsageError(`import: --algorithm takes ${ALGORITHMS.join(', ')}, got "${algorithm}" (platform import --help)`);
  const batchSize = options['batch-size'] === undefined ? 1000 : Number(options['batch-size']);
  if (!Number.isInteger(batchSize) || batchSize < 1 || batchSize > 100000)
    throw new CliUsageError(`import: --batch-size must be a whole number from 1 to 100000, got "${String(options['batch-size'])}" (platform import --help)`);
  const resume = options.resume as string | undefined;
  if (resume === '') throw new CliUsageError('import: --resume takes the report a failed import left (platform import --help)');
  return {
    file: path.resolve(file),
    resume: resume === undefined ? null : path.resolve(resume),
    key,
    algorithm: algorithm as Algorithm,
    force: options.force === true,
    groups: selectGroups('import', options.only as string | undefined, options.exclude as string | undefined),
    batchSize,
  };
}

export const importCommand = defineCommand<ImportArgs>({
  summary: 'restore a data-transfer archive (written by platform export or strapi export)',
  help: IMPORT_HELP,
  parse: parseImportArgs,
  async run(args, ctx, output) {
    const progress = progressLine();
    const started = Date.now();
    // tar-stream and the rest load when a transfer runs, not with every server
    const { ImportFailure, importArchive } = require('./importer') as typeof import('./importer.js');
    let summary: ImportSummary;
    try {
      const resume = args.resume === null ? null : await readReport(args.resume, args.file, args);
      summary = await importArchive(transferContext(ctx), {
        ...args,
        resume,
        reportFile: args.resume ?? reportFileOf(args.file),
        onProgress: (p) => progress.update(p.stage === 'verify' ? 'import: checking the archive' : `import: ${p.stage} ${p.done}/${p.total}`),
      });
    } catch (error) {
      if (error instanceof ArchiveError || error instanceof ImportFailure) throw new CommandError(`import: ${error.message}`);
      throw error;
    } finally {
      progress.done();
    }
    for (const line of summaryLines('Imported', summary, `from ${path.basename(args.file)}`, started)) output.out(line);
    if (summary.differences.length > 0) {
      output.info('Left out because the schemas differ (--force):');
      for (const d of summary.differences) output.info(`  - ${d.message}`);
    }
    if (summary.skipped.size > 0) output.info(`Skipped: ${[...summary.skipped].map(([k, n]) => `${k} (${n})`).join(', ')}`);
  },
});
