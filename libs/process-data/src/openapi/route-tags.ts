/** The group's OpenAPI tags: each route names one, the document lists them with their descriptions. */
export const PROZESSDATEN_TAG = { name: 'Prozessdaten', description: 'Book and update market processes.' } as const;
export const QUARANTINE_TAG = {
  name: 'Quarantine',
  description: 'What the write routes refused: kept, re-resolved, resubmitted or dismissed.',
} as const;
export const JOURNAL_TAG = {
  name: 'Write journal',
  description: 'Writes kept on the instance’s own disk while the database could not take them, until they are booked.',
} as const;
