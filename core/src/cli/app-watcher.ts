/**
 * What `platform develop` watches: the app folder's `config/`, `api/`, `components/`,
 * `middlewares/`, `policies/`, `src/`, `database/`, `plugins-local/` and `.env` (whether or not they exist yet),
 * and the folders of local plugins (`resolve: './path'` in config/plugins.ts), wherever they
 * are. chokidar follows editors that save by writing a new file and renaming it over the old
 * one (`sed -i`, "safe write"), folders created after start and deletions, which node's
 * recursive `fs.watch` loses on Linux. Changes are reported in batches, once the files have
 * been quiet for `quietMs`, so a save that touches several files is one restart.
 */
import path from 'node:path';
import { watch, type FSWatcher } from 'chokidar';

export const WATCHED_IN_APP = ['config', 'api', 'components', 'middlewares', 'policies', 'src', 'database', 'plugins-local', '.env'];
const NEVER = new Set(['node_modules', '.git', '.tmp', '.cache', 'dist', 'build']);

export interface FileChange {
  event: 'add' | 'change' | 'unlink' | 'addDir' | 'unlinkDir';
  file: string;
}

export interface AppWatcher {
  /** watches these folders too (local plugins), and stops watching those no longer listed */
  setExtraDirs(dirs: string[]): void;
  /** resolves once the initial scan is done: later changes are reported */
  ready: Promise<void>;
  close(): Promise<void>;
}

/**
 * Quiet time before a batch is reported: longer than chokidar's wait (100 ms) for a deleted
 * file to come back (the `atomic` rename-save), so a deleted folder and the files in it, whose
 * deletions chokidar reports that much later, are one batch.
 */
const QUIET_MS = 150;

export function watchApp(appDir: string, onChanges: (changes: FileChange[]) => void, quietMs = QUIET_MS): AppWatcher {
  let pending: FileChange[] = [];
  let timer: NodeJS.Timeout | null = null;
  let extra: string[] = [];
  const within = (dir: string, file: string) => {
    const relative = path.relative(dir, file);
    return !relative.startsWith('..') && !path.isAbsolute(relative);
  };
  const inWatchedPart = (file: string): boolean => {
    if (file.split(path.sep).some((part) => NEVER.has(part))) return false;
    // a local plugin's folder, inside the app or not, is watched as a whole
    if (extra.some((dir) => within(dir, file))) return true;
    if (!within(appDir, file)) return false;
    const relative = path.relative(appDir, file);
    const [top = ''] = relative.split(path.sep);
    return relative === '' || WATCHED_IN_APP.includes(top);
  };
  const watcher: FSWatcher = watch(appDir, {
    ignoreInitial: true,
    ignored: (file) => !inWatchedPart(file),
    // a rename-save is one `change`, not an unlink followed by an add
    atomic: true,
  });
  const ready = new Promise<void>((resolve) => watcher.once('ready', () => resolve()));
  watcher.on('all', (event, file) => {
    pending.push({ event: event as FileChange['event'], file });
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      const batch = pending;
      pending = [];
      onChanges(batch);
    }, quietMs);
  });
  return {
    ready,
    setExtraDirs(dirs) {
      const next = [...new Set(dirs)];
      const gone = extra.filter((dir) => !next.includes(dir));
      const added = next.filter((dir) => !extra.includes(dir));
      extra = next;
      if (gone.length) watcher.unwatch(gone);
      if (added.length) watcher.add(added);
    },
    async close() {
      if (timer) clearTimeout(timer);
      await watcher.close();
    },
  };
}

/** `api/note/schema.json changed, components/ added` for the develop log line (at most `max` names). */
export function describeChanges(appDir: string, changes: FileChange[], max = 3): string {
  const verbs: Record<FileChange['event'], string> = { add: 'added', addDir: 'added', change: 'changed', unlink: 'deleted', unlinkDir: 'deleted' };
  const seen = new Map<string, string>();
  // an editor's or sed's temporary file, written and renamed away within the batch, was never a change
  const added = new Set(changes.filter((c) => c.event === 'add').map((c) => c.file));
  const passing = new Set(changes.filter((c) => c.event === 'unlink' && added.has(c.file)).map((c) => c.file));
  const folders = changes.filter((c) => c.event === 'addDir' || c.event === 'unlinkDir').map((c) => c.file);
  for (const { event, file } of changes) {
    // a file or folder inside an added or deleted folder is told by that folder
    if (passing.has(file) || folders.some((folder) => file !== folder && file.startsWith(folder + path.sep))) continue;
    const relative = path.relative(appDir, file) || '.';
    seen.set(event === 'addDir' || event === 'unlinkDir' ? `${relative}/` : relative, verbs[event]);
  }
  const names = [...seen].map(([file, verb]) => `${file} ${verb}`);
  return names.length > max ? `${names.slice(0, max).join(', ')} and ${names.length - max} more` : names.join(', ');
}
