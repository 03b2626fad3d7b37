import type { FigurePoint, InsightsPoint } from "./schema";

/** A point with figures (its provider call answered), as opposed to one that carries an `error`. */
export function isFigurePoint(point: InsightsPoint): point is FigurePoint {
  return !("error" in point);
}
