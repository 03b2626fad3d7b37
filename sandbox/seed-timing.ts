import { gaussian, randInt, weighted, type Rand } from "./random";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Brazil has kept UTC-3 all year since 2019; seeded times are drawn in that local time. */
const BRAZIL_OFFSET_MS = -3 * HOUR;

/** Relative volume by Brazil-time hour of day: quiet nights, busy business hours. */
const HOUR_WEIGHTS = [
  2, 1, 1, 1, 1, 2, 4, 9, 22, 34, 38, 36, 28, 30, 35, 37, 34, 30, 22, 16, 12, 9, 6, 4,
];

/**
 * A registration time within the `days` days before `anchor`, weekday and business-hours
 * heavy, never after the anchor.
 */
function registrationTime(rand: Rand, anchor: number, days = 90): number {
  const anchorLocalDay = Math.floor((anchor + BRAZIL_OFFSET_MS) / DAY);
  for (let attempt = 0; attempt < 20; attempt++) {
    const day = anchorLocalDay - randInt(rand, 0, days - 1);
    const weekday = (day + 4) % 7; // 1970-01-01 was a Thursday (4); 0 = Sunday
    const weekend = weekday === 0 || weekday === 6;
    if (weekend && rand() > 0.35) continue;
    const hour = pickHour(rand);
    const local = day * DAY + hour * HOUR + Math.floor(rand() * HOUR);
    const utc = local - BRAZIL_OFFSET_MS;
    if (utc <= anchor) return utc;
  }
  return anchor - Math.floor(rand() * 6 * HOUR);
}

const HOUR_CUMULATIVE = HOUR_WEIGHTS.map(
  (
    (sum) => (w: number) =>
      (sum += w)
  )(0),
);

function pickHour(rand: Rand): number {
  const r = rand() * HOUR_CUMULATIVE[HOUR_CUMULATIVE.length - 1]!;
  for (let h = 0; h < 24; h++) if (r < HOUR_CUMULATIVE[h]!) return h;
  return 23;
}

/**
 * Amount in cents: log-normal around R$ 150 with a long tail, R$ 1 to R$ 50.000;
 * people type round amounts more often than not.
 */
export function amountCents(rand: Rand): number {
  const raw = Math.exp(Math.log(15_000) + 1.45 * gaussian(rand));
  let cents = Math.min(5_000_000, Math.max(100, Math.round(raw)));
  const shape = rand();
  if (shape < 0.3) cents = Math.max(100, Math.round(cents / 100) * 100);
  else if (shape < 0.42) cents = Math.max(1_000, Math.round(cents / 1_000) * 1_000);
  return cents;
}

/** Seeded status shares: about 80% completed, the rest spread like a live account. */
const SEED_STATUS_WEIGHTS = {
  completed: 80,
  canceled: 11,
  authorization_pending: 5,
  sent: 2.5,
  auto_authorization: 1.5,
} as const;
type SeedStatus = keyof typeof SEED_STATUS_WEIGHTS;

interface SeedTimeline {
  status: SeedStatus;
  registeredAt: number;
  sentAt: number | null;
  paidAt: number | null;
  canceledAt: number | null;
}

/** Draws a status and the dates that go with it (all before the anchor). */
export function seedTimeline(rand: Rand, anchor: number): SeedTimeline {
  const status = weighted(rand, SEED_STATUS_WEIGHTS);
  let registeredAt = registrationTime(rand, anchor);
  const clamp = (t: number) => Math.min(t, anchor);
  switch (status) {
    case "authorization_pending":
      return { status, registeredAt, sentAt: null, paidAt: null, canceledAt: null };
    case "auto_authorization":
    case "sent": {
      // In flight: only recent payments are still moving.
      registeredAt = anchor - randInt(rand, 1_000, 90_000);
      const sentAt = status === "sent" ? clamp(registeredAt + randInt(rand, 500, 3_000)) : null;
      return { status, registeredAt, sentAt, paidAt: null, canceledAt: null };
    }
    case "completed": {
      const delayed = rand() < 0.15; // authorized later by a person
      const sentAt = clamp(registeredAt + (delayed ? randInt(rand, 10 * 60_000, 20 * HOUR) : randInt(rand, 800, 4_000)));
      const paidAt = clamp(sentAt + randInt(rand, 300, 25_000));
      return { status, registeredAt, sentAt, paidAt, canceledAt: null };
    }
    case "canceled": {
      if (rand() < 0.45) {
        const canceledAt = clamp(registeredAt + randInt(rand, 60_000, 2 * DAY));
        return { status, registeredAt, sentAt: null, paidAt: null, canceledAt };
      }
      const sentAt = clamp(registeredAt + randInt(rand, 800, 4_000));
      const canceledAt = clamp(sentAt + randInt(rand, 5_000, 10 * 60_000));
      return { status, registeredAt, sentAt, paidAt: null, canceledAt };
    }
  }
}
