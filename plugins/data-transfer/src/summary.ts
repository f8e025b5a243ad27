/** What an export or an import moved, as both commands end: one line, then each type's count. */
export interface TransferCounts {
  entities: Map<string, number>;
  links: number;
  assets: number;
  configuration: number;
}

/** `where` says which archive and which way (`to export.tar.gz (123 bytes)`, `from export.tar.gz`). */
export function summaryLines(verb: 'Exported' | 'Imported', counts: TransferCounts, where: string, startedAt: number): string[] {
  const entries = [...counts.entities.values()].reduce((a, b) => a + b, 0);
  const seconds = (Date.now() - startedAt) / 1000;
  const perType = [...counts.entities].sort(([a], [b]) => a.localeCompare(b)).map(([uid, count]) => `  ${uid}: ${count}`);
  return [
    `${verb} ${entries} entries of ${counts.entities.size} types, ${counts.links} links, ${counts.assets} files and ${counts.configuration} settings ${where} in ${seconds.toFixed(1)} s.`,
    ...perType,
  ];
}
