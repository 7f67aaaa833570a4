/** A timestamp for the tables: local date and time to the second, the ISO text on hover via `title` where used. */
export function formatTime(value: string | null | undefined): string {
  if (!value) return '–';
  const time = Date.parse(value);
  if (Number.isNaN(time)) return value;
  return new Date(time).toLocaleString('de-DE', { dateStyle: 'short', timeStyle: 'medium' });
}
