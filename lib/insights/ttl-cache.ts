/**
 * A small in-memory cache with a time to live and single flight: concurrent loads of one key
 * share one promise, a finished value is served until it expires. Failures are never kept (the
 * next caller tries again), and `keep` can refuse a value (e.g. a partial answer).
 * Bounded: past `maxEntries` the oldest entries go first.
 */
export class TtlCache<V> {
  private readonly entries = new Map<string, { value: V; expires: number }>();
  private readonly inflight = new Map<string, Promise<V>>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** The fresh cached value, or undefined. */
  peek(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expires <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  getOrLoad(key: string, load: () => Promise<V>, keep: (value: V) => boolean = () => true): Promise<V> {
    const cached = this.peek(key);
    if (cached !== undefined) return Promise.resolve(cached);
    const running = this.inflight.get(key);
    if (running) return running;
    const promise = load().then(
      (value) => {
        this.inflight.delete(key);
        if (this.ttlMs > 0 && keep(value)) this.store(key, value);
        return value;
      },
      (err: unknown) => {
        this.inflight.delete(key);
        throw err;
      },
    );
    this.inflight.set(key, promise);
    return promise;
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }

  private store(key: string, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, { value, expires: this.now() + this.ttlMs });
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }
}
