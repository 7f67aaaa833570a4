import { OptionalString } from '../validation/decorators';

/**
 * Reason of a trade discrepancy (REMADV/COMDIS): codes, references and hints; MaCo App extension.
 * @see https://bo4e-python.readthedocs.io/en/latest/api/modules.html
 */
export class HandelsunstimmigkeitsBegruendung {
  @OptionalString({ each: true })
  grund?: string[];

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
}
