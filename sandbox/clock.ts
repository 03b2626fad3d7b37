/**
 * The lifecycle clock: the configured "now" plus whatever /_control/advance added.
 * Registration, payment and cancellation dates of API payments are read from it.
 */
export class LifecycleClock {
  private offsetMs = 0;

  constructor(private readonly base: () => Date) {}

  now(): number {
    return this.base().getTime() + this.offsetMs;
  }

  get offset(): number {
    return this.offsetMs;
  }

  advance(ms: number): void {
    this.offsetMs += ms;
  }

  /** Jumps forward to `at` if it lies ahead (settle). */
  advanceTo(at: number): void {
    const now = this.now();
    if (at > now) this.offsetMs += at - now;
  }

  reset(): void {
    this.offsetMs = 0;
  }
}
