/**
 * The report a failed import leaves beside its archive (`NAME.import-report.json`): what was
 * committed (rows per table, and how far into the archive: entity lines, link lines, uploaded
 * files) and with which options. Each batch is its own transaction and a batch ends on a whole
 * line, so those counts are exactly what the database holds of the archive; `--resume` reads
 * them to go on after the last committed batch instead of starting over.
 */
import fs from 'node:fs';
import { archiveSha256 } from './archive-digest';
import { ArchiveError } from './archive-error';
import { GROUPS, type Group } from './format';

const KIND = 'platform-import-report';

/** How far an import got: lines of `entities/` and `links/` and files of `assets/` committed. */
export interface ImportPosition {
  /** whether the rows of the archive's types were deleted (a resumed import does not do it again) */
  emptied: boolean;
  entities: number;
  links: number;
  assets: number;
}

export interface ImportReport {
  kind: typeof KIND;
  archive: string;
  archiveBytes: number;
  /** the archive's SHA-256 (hex): a report is only for the very archive that failed (./archive-digest.ts) */
  archiveSha256: string;
  force: boolean;
  groups: Group[];
  failedAt: string;
  error: string;
  position: ImportPosition;
  /** rows written per table, by this import and the ones it resumed */
  written: Record<string, number>;
}

export function reportFileOf(archive: string): string {
  return `${archive}.import-report.json`;
}

function isCount(value: unknown): value is number {
  return Number.isSafeInteger(value) && (value as number) >= 0;
}

function isReport(value: unknown): value is ImportReport {
  if (value === null || typeof value !== 'object') return false;
  const r = value as Partial<ImportReport>;
  const p = r.position as Partial<ImportPosition> | undefined;
  return (
    r.kind === KIND &&
    typeof r.archive === 'string' &&
    isCount(r.archiveBytes) &&
    typeof r.archiveSha256 === 'string' &&
    /^[0-9a-f]{64}$/.test(r.archiveSha256) &&
    typeof r.force === 'boolean' &&
    Array.isArray(r.groups) &&
    r.groups.every((g) => (GROUPS as readonly unknown[]).includes(g)) &&
    p !== undefined &&
    typeof p.emptied === 'boolean' &&
    isCount(p.entities) &&
    isCount(p.links) &&
    isCount(p.assets) &&
    r.written !== null &&
    typeof r.written === 'object' &&
    Object.values(r.written).every(isCount)
  );
}

/**
 * The report at `file`, checked against the archive (its size, then its SHA-256) and the options
 * of the import that resumes it. An archive that is not there is left to the import to report.
 */
export async function readReport(file: string, archive: string, options: { force: boolean; groups: ReadonlySet<Group> }): Promise<ImportReport> {
  let value: unknown;
  try {
    value = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new ArchiveError(code === 'ENOENT' ? `the report ${file} does not exist` : `${file} is not an import report: ${(error as Error).message}`);
  }
  if (!isReport(value)) throw new ArchiveError(`${file} is not an import report`);
  const size = fs.statSync(archive, { throwIfNoEntry: false })?.size;
  if (size !== undefined && size !== value.archiveBytes) {
    throw new ArchiveError(`${file} reports on an archive of ${value.archiveBytes} bytes, and ${archive} has ${size}: resume with the archive that failed`);
  }
  if (size !== undefined) {
    const sha256 = await archiveSha256(archive);
    if (sha256 !== value.archiveSha256) {
      throw new ArchiveError(
        `${file} reports on an archive whose SHA-256 is ${value.archiveSha256}, and ${archive}'s is ${sha256}: it changed since the import failed; resume with the archive that failed`,
      );
    }
  }
  const groups = [...options.groups].sort().join(',');
  if (groups !== [...value.groups].sort().join(',') || options.force !== value.force) {
    const was = `${value.groups.length === GROUPS.length ? 'all of content, files, config' : `--only ${value.groups.join(',')}`}${value.force ? ' and --force' : ''}`;
    throw new ArchiveError(`${file} is the report of an import of ${was}: resume with the same --only/--exclude and --force`);
  }
  return value;
}

export function writeReport(file: string, report: Omit<ImportReport, 'kind'>): void {
  fs.writeFileSync(file, `${JSON.stringify({ kind: KIND, ...report }, null, 2)}\n`);
}
