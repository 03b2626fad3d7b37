/**
 * Process and machine facts for the benchmarks: resident memory of a process tree read from
 * /proc (Linux), sampled while something runs, and a description of the machine for the report.
 */
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import os from "node:os";

/** VmRSS of one process in bytes, or 0 when it is gone (or /proc is not there). */
export function rssOf(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
    return match ? Number(match[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** The pid and all its descendants (children spawned by `next start`, for instance). */
export function processTree(root: number): number[] {
  const parents = new Map<number, number[]>();
  let entries: string[] = [];
  try {
    entries = readdirSync("/proc").filter((name) => /^\d+$/.test(name));
  } catch {
    return [root];
  }
  for (const name of entries) {
    try {
      // Field 4 of /proc/<pid>/stat is the parent pid; the command (field 2) may hold spaces.
      const stat = readFileSync(`/proc/${name}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      const list = parents.get(ppid) ?? [];
      list.push(Number(name));
      parents.set(ppid, list);
    } catch {
      // The process ended while we read.
    }
  }
  const out: number[] = [];
  const walk = (pid: number) => {
    out.push(pid);
    for (const child of parents.get(pid) ?? []) walk(child);
  };
  walk(root);
  return out;
}

/** CPU time (user + system) a process tree has used so far, in ms (Linux clock ticks: 10 ms). */
export function treeCpuMs(root: number): number {
  let ticks = 0;
  for (const pid of processTree(root)) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      // After the command: state is field 3, utime field 14, stime field 15 (1-based, whole line).
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // The process ended while we read.
    }
  }
  return ticks * 10;
}

/** Resident memory of a process tree, in bytes. */
export function treeRss(root: number): number {
  return processTree(root).reduce((sum, pid) => sum + rssOf(pid), 0);
}

export type RssSampler = { stop(): { peakBytes: number; samples: number; lastBytes: number } };

/** Samples the tree's RSS every `intervalMs` until stopped; reports the peak. */
export function sampleRss(root: number, intervalMs = 20): RssSampler {
  let peak = treeRss(root);
  let last = peak;
  let samples = 1;
  const timer = setInterval(() => {
    last = treeRss(root);
    peak = Math.max(peak, last);
    samples += 1;
  }, intervalMs);
  return {
    stop() {
      clearInterval(timer);
      last = treeRss(root);
      peak = Math.max(peak, last);
      return { peakBytes: peak, samples: samples + 1, lastBytes: last };
    },
  };
}

export const mb = (bytes: number) => Math.round((bytes / 1_048_576) * 10) / 10;

export type MachineInfo = {
  date: string;
  cpu: string;
  cores: number;
  memoryGb: number;
  os: string;
  node: string;
  commit: string;
  loadAverage: number[];
};

export function machineInfo(): MachineInfo {
  let commit = "unknown";
  try {
    commit = execFileSync("git", ["rev-parse", "--short", "HEAD"], { encoding: "utf8" }).trim();
  } catch {
    // not a git checkout
  }
  return {
    date: new Date().toISOString(),
    cpu: os.cpus()[0]?.model.trim() ?? "unknown",
    cores: os.cpus().length,
    memoryGb: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    os: `${os.type()} ${os.release()}`,
    node: process.version,
    commit,
    loadAverage: os.loadavg().map((n) => Math.round(n * 100) / 100),
  };
}

export function loadAverage(): number[] {
  return os.loadavg().map((n) => Math.round(n * 100) / 100);
}

const percentileOf = (sorted: number[], p: number) =>
  sorted.length === 0 ? Number.NaN : sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;

/** p50/p95/max of a list of milliseconds, rounded to 0.1 ms. */
export function summarize(values: number[]): { n: number; p50: number; p95: number; max: number; min: number } {
  const sorted = [...values].sort((a, b) => a - b);
  const r = (n: number) => Math.round(n * 10) / 10;
  return {
    n: sorted.length,
    p50: r(percentileOf(sorted, 50)),
    p95: r(percentileOf(sorted, 95)),
    max: r(sorted.at(-1) ?? Number.NaN),
    min: r(sorted[0] ?? Number.NaN),
  };
}
