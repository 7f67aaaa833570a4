/** The group's OpenAPI tags: each route names one, the document lists them with their descriptions. */
export const PROZESSDATEN_TAG = { name: 'Prozessdaten', description: 'Book and update market processes.' } as const;
export const QUARANTINE_TAG = {
  name: 'Quarantine',
  description: 'What the write routes refused: kept, re-resolved, resubmitted or dismissed.',
} as const;
