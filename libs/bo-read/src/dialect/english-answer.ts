import { toEnglish } from '@maco/domain';
import { AUTHORIZATION_NAMES } from './english-names';

/** `{masterData: {ENGLISH_KIND: [ … ]}}`: the English form of a read's wrapped answer. */
export type EnglishStammdaten = { masterData: Record<string, unknown[]> };

/**
 * Stored objects of one kind (JSON texts in the canonical German form) in the vendor's English dialect, wrapped as a
 * read answers them. Translated inside their kind's container, so each field by its BO4E type; a kind or field the
 * name map does not know keeps its name.
 */
export function englishStammdaten(kind: string, bodies: readonly string[]): EnglishStammdaten {
  const objects = bodies.map((body): unknown => JSON.parse(body));
  return toEnglish({ stammdaten: { [kind]: objects } }) as EnglishStammdaten;
}

/** The objects of `englishStammdaten` without the wrapping (its one container). */
export function englishObjects(kind: string, bodies: readonly string[]): unknown[] {
  return Object.values(englishStammdaten(kind, bodies).masterData)[0] ?? [];
}

/**
 * `getAllocationAuthorization` in English: its `zusatzdaten` translated as BO4E `Zusatzdaten` (`additionalData`), and
 * `ermaechtigungVorhanden` by the name the map gives that member of `Zusatzdaten` (`authorizationPresent`).
 */
export function englishAuthorization(zusatzdaten: Record<string, unknown>, present: boolean): Record<string, unknown> {
  return {
    ...(toEnglish({ zusatzdaten }) as Record<string, unknown>),
    [AUTHORIZATION_NAMES.ermaechtigungVorhanden]: present,
  };
}
