/** An archive that cannot be read or does not fit the app: what is wrong, for the user to fix. */
export class ArchiveError extends Error {}
