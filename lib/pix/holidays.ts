/**
 * Brazil's national holidays on which banks close (the FEBRABAN calendar): fixed days, Carnival
 * Monday and Tuesday, Good Friday and Corpus Christi (moved with Easter), and Black Awareness
 * Day (20 November, national since Law 14.759/2023). Pix itself works every day: a date on a
 * weekend or one of these is only worth a hint to whoever schedules a payment. Pure, client-safe.
 */
const FIXED: ReadonlyArray<readonly [month: number, day: number, name: string]> = [
  [1, 1, "Confraternização Universal"],
  [4, 21, "Tiradentes"],
  [5, 1, "Dia do Trabalho"],
  [9, 7, "Independência do Brasil"],
  [10, 12, "Nossa Senhora Aparecida"],
  [11, 2, "Finados"],
  [11, 15, "Proclamação da República"],
  [11, 20, "Dia Nacional de Zumbi e da Consciência Negra"],
  [12, 25, "Natal"],
];

/** Easter Sunday of a Gregorian year (the anonymous Gregorian algorithm), as UTC midnight. */
function easter(year: number): Date {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return new Date(Date.UTC(year, month - 1, day));
}

const dayKey = (d: Date) => d.toISOString().slice(0, 10);
const plusDays = (d: Date, n: number) => new Date(d.getTime() + n * 86_400_000);

const byYear = new Map<number, Map<string, string>>();

/** The bank holidays of a year: "YYYY-MM-DD" -> name. */
export function bankHolidays(year: number): Map<string, string> {
  let days = byYear.get(year);
  if (days) return days;
  days = new Map<string, string>();
  for (const [month, day, name] of FIXED) days.set(`${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`, name);
  const sunday = easter(year);
  days.set(dayKey(plusDays(sunday, -48)), "Carnaval");
  days.set(dayKey(plusDays(sunday, -47)), "Carnaval");
  days.set(dayKey(plusDays(sunday, -2)), "Sexta-feira Santa");
  days.set(dayKey(plusDays(sunday, 60)), "Corpus Christi");
  byYear.set(year, days);
  return days;
}

export type NonBusinessDay = { kind: "weekend" } | { kind: "holiday"; name: string };

/** Why a calendar day ("YYYY-MM-DD") is not a business day, or null when it is one. */
export function nonBusinessDay(day: string): NonBusinessDay | null {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return null;
  const holiday = bankHolidays(date.getUTCFullYear()).get(day);
  if (holiday) return { kind: "holiday", name: holiday };
  const weekday = date.getUTCDay();
  return weekday === 0 || weekday === 6 ? { kind: "weekend" } : null;
}

/** The next business day on or after `day`. */
export function nextBusinessDay(day: string): string {
  let date = new Date(`${day}T00:00:00Z`);
  while (nonBusinessDay(dayKey(date))) date = plusDays(date, 1);
  return dayKey(date);
}
