import { BO4E_DE_TO_EN, isPlainObject, toEnglish } from '@maco/domain';

/**
 * A member of an object of `kind` by its English names, one per level (`['lokationsadresse', 'postleitzahl']` of a
 * MARKTLOKATION → `['locationAddress', 'postalCode']`): through `toEnglish` itself, so what the group documents is what
 * it reads. One member at a time, as two German names may share an English one (`tranchenId`, `trancheId`).
 */
export function englishPath(kind: string, path: readonly string[]): string[] {
  const probe = path.reduceRight<unknown>((inner, key) => ({ [key]: inner }), null);
  const translated = toEnglish({ stammdaten: { [kind]: [probe] } }) as { masterData: Record<string, unknown[]> };
  let node: unknown = Object.values(translated.masterData)[0]?.[0];
  return path.map((key) => {
    const [english = key] = isPlainObject(node) ? Object.keys(node) : [];
    node = isPlainObject(node) ? node[english] : undefined;
    return english;
  });
}

/** A kind's English container key (`MARKTLOKATION` → `MARKET_LOCATION`); a kind the map does not name keeps its own. */
export function englishKind(kind: string): string {
  const translated = toEnglish({ stammdaten: { [kind]: [] } }) as { masterData: Record<string, unknown> };
  return Object.keys(translated.masterData)[0] ?? kind;
}

/** The English names of `getAllocationAuthorization`'s members: BO4E `Zusatzdaten` and its `ermaechtigungVorhanden`. */
export const AUTHORIZATION_NAMES = {
  zusatzdaten: BO4E_DE_TO_EN.processdata_properties.zusatzdaten,
  ermaechtigungVorhanden: BO4E_DE_TO_EN.zusatzdaten_properties.ermaechtigungVorhanden,
} as const;
