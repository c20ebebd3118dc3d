/** Where progress goes: a terminal gets a bar redrawn in place, anything else plain lines. */
export interface ProgressOutput {
  readonly isTTY?: boolean;
  write(text: string): unknown;
}

const BAR_WIDTH = 30;
/** A terminal is redrawn at most this often: redrawing per record would cost more than the work. */
const REDRAW_MS = 100;
/** Without a terminal, one line each time this share of the work is passed. */
const LINE_STEP = 10;

export class Progress {
  private lastDraw = 0;
  private lastStep = -1;
  private drawn = false;
  private readonly started = Date.now();

  constructor(private readonly out: ProgressOutput, private readonly label: string) {}

  /**
   * `done` of `total` units (records, bytes) are through; `detail` says what is being done (a
   * function is asked only when a line is drawn: called per record, making the text cost more
   * than drawing it). The time left is told from the pace so far, once there is some.
   */
  update(done: number, total: number, detail: string | (() => string)): void {
    const percent = total > 0 ? Math.min(100, Math.floor((done / total) * 100)) : 0;
    const text = () => (typeof detail === 'string' ? detail : detail()) + this.left(done, total);
    if (this.out.isTTY) {
      const now = Date.now();
      if (now - this.lastDraw < REDRAW_MS && percent < 100) return;
      this.lastDraw = now;
      const filled = Math.round((percent / 100) * BAR_WIDTH);
      this.out.write(`\r\x1b[2K${this.label} [${'#'.repeat(filled)}${'.'.repeat(BAR_WIDTH - filled)}] ${String(percent).padStart(3)}% ${text()}`);
      this.drawn = true;
      return;
    }
    const step = Math.floor(percent / LINE_STEP);
    if (step === this.lastStep) return;
    this.lastStep = step;
    this.out.write(`${this.label}: ${percent}% ${text()}\n`);
  }

  private left(done: number, total: number): string {
    const elapsed = Date.now() - this.started;
    if (done <= 0 || done >= total || elapsed < 1000) return '';
    return `, about ${formatSeconds((elapsed * (total - done)) / done / 1000)} left`;
  }

  /** A line of its own, in both modes: what a stage with no measure of its own is doing (the bar, if drawn, gives way to it). */
  say(text: string): void {
    this.out.write(`${this.out.isTTY && this.drawn ? '\r\x1b[2K' : ''}${this.label}: ${text}\n`);
    this.drawn = false;
  }

  /** The closing line. */
  finish(summary: string): void {
    this.say(summary);
  }
}

function formatSeconds(s: number): string {
  if (s < 60) return `${Math.ceil(s)} s`;
  return `${Math.floor(s / 60)} min ${String(Math.ceil(s % 60)).padStart(2, '0')} s`;
}

/**
 * A count with its thousands grouped by commas (12,345), as `toLocaleString('en-US')` writes it
 * without the 16 ms its first call takes to load the locale data.
 */
export function grouped(n: number): string {
  const digits = String(Math.abs(Math.round(n)));
  const head = digits.length % 3 || 3;
  let out = digits.slice(0, head);
  for (let i = head; i < digits.length; i += 3) out += `,${digits.slice(i, i + 3)}`;
  return n < 0 && out !== '0' ? `-${out}` : out;
}
