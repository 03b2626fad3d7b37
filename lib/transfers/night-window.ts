import { brazilWallClock } from "@/lib/pix/time";

/**
 * The Pix night window: from 20:00 to 06:00 Brazil time banks may apply lower limits per
 * transfer (Central Bank rules on night-time Pix), so a large transfer may be refused then.
 */
export function isPixNightWindow(at: Date): boolean {
  const { hour } = brazilWallClock(at);
  return hour >= 20 || hour < 6;
}
