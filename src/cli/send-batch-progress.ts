/**
 * The progress of `tidings messages send-batch`, on stderr: a bar redrawn in place when stderr is a
 * terminal, else a line per batch (for logs and CI). Stdout stays for the summary.
 */

export interface ProgressIo {
  err: (text: string) => void;
  /** Whether stderr is a terminal (a bar redrawn with `\r`), else plain lines. */
  errIsTTY?: boolean;
}

const WIDTH = 30;

export class Progress {
  readonly #io: ProgressIo;
  readonly #total: number;
  readonly #quiet: boolean;
  #done = 0;
  #refused = 0;
  #drawn = false;

  /**
   * @param total the rows to send.
   * @param options.quiet no plain lines (for `--json`: scripts read stdout and stderr); a terminal still gets its bar.
   */
  constructor(io: ProgressIo, total: number, options: { quiet: boolean }) {
    this.#io = io;
    this.#total = total;
    this.#quiet = options.quiet;
    this.#draw();
  }

  /** A chunk is answered: `rows` more rows done, `refused` refused so far; `label` and `note` for the plain line. */
  chunkDone(label: string, rows: number, refused: number, note: string): void {
    this.#done += rows;
    this.#refused = refused;
    if (this.#io.errIsTTY) this.#draw();
    else if (!this.#quiet)
      this.#io.err(`${label}: ${this.#done}/${this.#total} rows, ${refused} refused so far (${note})\n`);
  }

  /** About to wait `seconds` (for the rate limit, or to retry). */
  waiting(seconds: number, why: string): void {
    if (this.#io.errIsTTY) this.#draw(` waiting ${seconds} s: ${why}`);
    else if (!this.#quiet) this.#io.err(`Waiting ${seconds} s: ${why}.\n`);
  }

  /** Ends the bar's line (before the summary or an error). */
  end(): void {
    if (this.#drawn) this.#io.err('\n');
    this.#drawn = false;
  }

  #draw(suffix = ''): void {
    if (!this.#io.errIsTTY) return;
    const filled = this.#total === 0 ? WIDTH : Math.round((this.#done / this.#total) * WIDTH);
    // \x1b[K clears what a longer earlier line left on the right.
    this.#io.err(
      `\r[${'#'.repeat(filled)}${'-'.repeat(WIDTH - filled)}] ${this.#done}/${this.#total} rows, ${this.#refused} refused${suffix}\x1b[K`,
    );
    this.#drawn = true;
  }
}
