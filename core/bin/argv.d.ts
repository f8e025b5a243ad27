/** The kernel's options that take the next word as their value. */
export declare const VALUE_OPTIONS: readonly string[];

export interface CommandLine {
  /** the first word that is neither an option nor an option's value; null when there is none */
  command: string | null;
  /** `--app DIR` / `--app=DIR` (the last one) resolved against the current directory, else it */
  appDir: string;
  /** the other words in order, without the command and without `--app` */
  args: string[];
}

export declare function splitCommandLine(argv: readonly string[], cwd?: string): CommandLine;
