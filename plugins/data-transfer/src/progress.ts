/**
 * A progress line on a terminal (rewritten in place on stderr, at most a few times a second);
 * nothing when stderr is not a terminal, so logs and pipes get the summary only.
 */
export interface ProgressLine {
  update(text: string): void;
  done(): void;
}

export function progressLine(stream: NodeJS.WriteStream = process.stderr): ProgressLine {
  if (!stream.isTTY) return { update() {}, done() {} };
  let last = 0;
  let shown = false;
  return {
    update(text) {
      const now = Date.now();
      if (now - last < 100) return;
      last = now;
      shown = true;
      stream.write(`\r\x1b[2K${text}`);
    },
    done() {
      if (shown) stream.write('\r\x1b[2K');
    },
  };
}
