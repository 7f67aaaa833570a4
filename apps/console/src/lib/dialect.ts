/**
 * The BO4E dialect of a body: German (`de`), the middleware vendor's English (`en`), or containers of both (`mixed`,
 * which the service refuses). Read from the top-level containers alone, as the service's own `dialectOf` does; the
 * console keeps its own three names rather than bundling the domain's translation tables.
 */
export type BodyDialect = 'de' | 'en' | 'mixed';

const GERMAN_CONTAINERS = ['stammdaten', 'transaktionsdaten', 'zusatzdaten'];
const ENGLISH_CONTAINERS = ['masterData', 'transactionData', 'additionalData'];

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** The dialect of a body by its top-level keys; null when it is no object or has no container of either. */
export function bodyDialect(body: unknown): BodyDialect | null {
  if (!isObject(body)) return null;
  const german = GERMAN_CONTAINERS.some((key) => key in body);
  const english = ENGLISH_CONTAINERS.some((key) => key in body);
  if (german && english) return 'mixed';
  return english ? 'en' : german ? 'de' : null;
}

/**
 * A revision's dialect: what the service recorded when it booked it (`dialect`), else (a value the console does not
 * know) what its body shows, else null.
 */
export function revisionDialect(revision: { dialect?: string; body?: unknown }): BodyDialect | null {
  if (revision.dialect === 'de' || revision.dialect === 'en') return revision.dialect;
  return bodyDialect(revision.body);
}

/** How a dialect is shown: the badge's text, its tooltip and colour. */
export const DIALECT_BADGE: Record<BodyDialect, { label: string; title: string; color: string }> = {
  de: { label: 'DE', title: 'German BO4E', color: 'gray' },
  en: { label: 'EN', title: "English dialect (vendor's EN path)", color: 'indigo' },
  mixed: {
    label: 'mixed',
    title: 'German and English containers in one body (the service reads a body in one dialect)',
    color: 'red',
  },
};
