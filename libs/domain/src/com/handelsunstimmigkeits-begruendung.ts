import { OptionalString, OptionalStringList } from '../validation/decorators';

/**
 * Reason of a trade discrepancy (REMADV/COMDIS): codes, references and hints; MaCo App extension.
 * @see https://bo4e-python.readthedocs.io/en/latest/api/modules.html
 */
export class HandelsunstimmigkeitsBegruendung {
  // One Handelsunstimmigkeitsgrund in the dictionary, a list in the published REMADV/COMDIS schemas.
  @OptionalStringList({ orSingle: true })
  grund?: string | string[];

  @OptionalString()
  hinweis?: string;

  @OptionalString()
  referenznummer?: string;

  @OptionalString()
  richtigkeit?: string;

  @OptionalString()
  anerkennungsmeldung?: string;

  @OptionalString()
  bestaetigungDar?: string;

  @OptionalString()
  referenzDar?: string;

  // Added from the vendor's BO4E dictionary (reference/maco-api-doc-resources/bo4e).
  @OptionalString({ each: true })
  referenzen?: string[];
}
