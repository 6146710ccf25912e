/**
 * Dates in a school's time zone (issue 31): an assignment's opening and due times are entered and
 * shown in the school's IANA zone, whatever the browser's own zone is. Pure (Intl only).
 */

interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function partsFormatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** Whether `timeZone` is an IANA zone this browser knows. */
export function isTimeZone(timeZone: string): boolean {
  try {
    partsFormatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The wall-clock time in `timeZone` at the instant `ms`. */
function wallTime(ms: number, timeZone: string): WallTime & { second: number } {
  const parts = Object.fromEntries(
    partsFormatter(timeZone)
      .formatToParts(new Date(ms))
      .map((p) => [p.type, p.value]),
  );
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour) % 24,
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

/** The zone's offset from UTC at the instant `ms`, in minutes (e.g. 60 for Europe/London in summer). */
export function zoneOffsetMinutes(ms: number, timeZone: string): number {
  const w = wallTime(ms, timeZone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return Math.round((asUtc - Math.floor(ms / 1000) * 1000) / 60_000);
}

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})$/;

/**
 * '2027-03-28T17:00' read as a wall-clock time in `timeZone` → the ISO instant ('…Z'). A time the
 * clocks skip (spring forward) moves on by the gap; one they pass twice (fall back) is the first.
 * Null for text that is not such a date-time.
 */
export function zonedToIso(local: string, timeZone: string): string | null {
  const m = LOCAL.exec(local.trim());
  if (!m) return null;
  const [year, month, day, hour, minute] = m.slice(1).map(Number) as [number, number, number, number, number];
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59) return null;
  const naive = Date.UTC(year, month - 1, day, hour, minute);
  if (new Date(naive).getUTCDate() !== day) return null;
  // the offset before and after the wall time; the earlier reading wins where both fit
  const candidates = [
    naive - zoneOffsetMinutes(naive - 86_400_000, timeZone) * 60_000,
    naive - zoneOffsetMinutes(naive + 86_400_000, timeZone) * 60_000,
  ];
  const fits = candidates.filter((ms) => {
    const w = wallTime(ms, timeZone);
    return w.year === year && w.month === month && w.day === day && w.hour === hour && w.minute === minute;
  });
  const ms = fits.length ? Math.min(...fits) : Math.max(...candidates);
  return new Date(ms).toISOString();
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The ISO instant as '2027-03-28T17:00' on the clocks of `timeZone` (what a date-time input holds). */
export function isoToZoned(iso: string, timeZone: string): string {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return '';
  const w = wallTime(ms, timeZone);
  return `${w.year}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}`;
}

/**
 * 'Sun 28 Mar 2027, 17:00' on the clocks of `timeZone` ('—' for nothing); another interface
 * language (issue 36) gets its own words and order ('dim. 28 mars 2027, 17:00').
 */
/** A weekday, date and 24-hour time, as formatZoned writes them in every language. */
const ZONED_PARTS: Intl.DateTimeFormatOptions = {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
};

export function formatZoned(iso: string | null | undefined, timeZone: string, withZone = false, locale = 'en'): string {
  if (!iso) return '—';
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return '—';
  let text: string;
  if (!locale.startsWith('en')) {
    text = new Intl.DateTimeFormat(locale, { timeZone, ...ZONED_PARTS }).format(new Date(ms));
  } else {
    // built from the parts, so every browser (and ICU version) writes it alike
    const p = Object.fromEntries(
      new Intl.DateTimeFormat('en-GB', { timeZone, ...ZONED_PARTS }).formatToParts(new Date(ms)).map((x) => [x.type, x.value]),
    );
    text = `${p.weekday} ${p.day} ${p.month} ${p.year}, ${p.hour}:${p.minute}`;
  }
  return withZone ? `${text} (${timeZone})` : text;
}

/** '3 days', '5 hours', '20 minutes' between now and `iso` (either way), rounded down to the largest unit. */
export function spanText(iso: string, now = Date.now()): string {
  const minutes = Math.floor(Math.abs(Date.parse(iso) - now) / 60_000);
  const [n, unit] =
    minutes >= 2880 ? [Math.floor(minutes / 1440), 'day'] : minutes >= 120 ? [Math.floor(minutes / 60), 'hour'] : [minutes, 'minute'];
  return `${n} ${unit}${n === 1 ? '' : 's'}`;
}
