import { getMetricsFromIterator, type PromMetric, type PromMetrics } from "prom2javascript";

/**
 * A scrape of /api/metrics read with a Prometheus text parser from npm (not ours): what a
 * Prometheus server would make of it. Sums over the samples whose labels include `labels`.
 */
export type Scrape = {
  families: PromMetrics;
  family(name: string): PromMetric | undefined;
  /** Label sets of a family's samples. */
  labelsOf(name: string): Array<Record<string, string>>;
  /** A counter's or gauge's value (summed over matching samples); 0 when none match. */
  value(name: string, labels?: Record<string, string>): number;
  /** A histogram's observation count (summed over matching samples). */
  count(name: string, labels?: Record<string, string>): number;
};

type Sample = { labels: Record<string, string>; value?: number; count?: number };

const matches = (sample: Sample, wanted: Record<string, string>) => Object.entries(wanted).every(([key, value]) => sample.labels[key] === value);

export async function readScrape(text: string): Promise<Scrape> {
  const families = await getMetricsFromIterator(text.split("\n")[Symbol.iterator]());
  const samples = (name: string) => (families[name]?.data ?? []) as Sample[];
  const sum = (name: string, labels: Record<string, string>, pick: (s: Sample) => number | undefined) =>
    samples(name)
      .filter((s) => matches(s, labels))
      .reduce((total, s) => total + (pick(s) ?? 0), 0);
  return {
    families,
    family: (name) => families[name],
    labelsOf: (name) => samples(name).map((s) => s.labels),
    value: (name, labels = {}) => sum(name, labels, (s) => s.value),
    count: (name, labels = {}) => sum(name, labels, (s) => s.count),
  };
}
