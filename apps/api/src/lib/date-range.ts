import { blankToUndefined } from '@app/shared';
import { z } from 'zod';
import { fieldError } from './errors';

/** A report's range of whole UTC days, from `start_date`/`end_date` (YYYY-MM-DD) or the last `days` days. */
export interface DayRange {
  start: string;
  end: string;
}

export const MAX_RANGE_DAYS = 366;
const DAY_MS = 86_400_000;
const DAYS_MESSAGE = 'days must be a whole number from 1 to 366';

const isoDay = (field: string) =>
  z.preprocess(
    blankToUndefined,
    z
      .string()
      .max(30)
      .refine(isCalendarDay, { error: `${field} must be a date like 2026-01-31, in the years 2000 to 2999` })
      .transform((value) => value.slice(0, 10))
      .optional(),
  );

function isCalendarDay(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})(T[\d:.]+Z?)?$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    year >= 2000 &&
    year <= 2999 &&
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day
  );
}

export function utcDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

function shiftDay(day: string, by: number): string {
  return utcDay(new Date(Date.parse(`${day}T00:00:00Z`) + by * DAY_MS));
}

export function daysBetween(start: string, end: string): number {
  return Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / DAY_MS) + 1;
}

/** Query fields for a day range; pass the parsed values to `resolveDayRange`. */
export const dayRangeFields = {
  start_date: isoDay('start_date'),
  end_date: isoDay('end_date'),
  days: z.preprocess(
    blankToUndefined,
    z.coerce.number({ error: DAYS_MESSAGE }).int(DAYS_MESSAGE).min(1, DAYS_MESSAGE).max(MAX_RANGE_DAYS, DAYS_MESSAGE).optional(),
  ),
};

/**
 * The range the query names: both dates; a start date and `days` (or up to today); an end date and
 * `days` before it; or the last `days` (default `defaultDays`) up to today. 422 when backwards or too long.
 */
export function resolveDayRange(
  query: { start_date?: string; end_date?: string; days?: number },
  defaultDays: number,
  today = utcDay(new Date()),
): DayRange {
  const span = query.days ?? defaultDays;
  let range: DayRange;
  if (query.start_date && query.end_date) range = { start: query.start_date, end: query.end_date };
  else if (query.start_date) range = { start: query.start_date, end: query.days ? shiftDay(query.start_date, span - 1) : today };
  else {
    const end = query.end_date ?? today;
    range = { start: shiftDay(end, -(span - 1)), end };
  }
  if (range.start > range.end) throw fieldError('start_date', 'start_date must be on or before end_date');
  if (daysBetween(range.start, range.end) > MAX_RANGE_DAYS)
    throw fieldError('end_date', 'The date range can be at most 366 days');
  return range;
}
