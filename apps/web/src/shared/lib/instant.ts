/**
 * An instant from the API: an ISO 8601 string (or a Date). Some answers spell times as the
 * database writes them, with microseconds (`…:00.123456+00:00`); JavaScript's date format has
 * milliseconds only and engines need not read more digits, so they are cut to three first.
 */
export function parseInstant(value: string | Date): Date {
  if (value instanceof Date) return value;
  return new Date(value.replace(/(\.\d{3})\d+/, '$1'));
}
