import { OptionalString } from '../validation/decorators';

/**
 * Links to a declaration of assignment and its password; MaCo App extension.
 * @see https://bo4e-python.readthedocs.io/en/latest/api/modules.html
 */
export class Abtretungserklaerung {
  @OptionalString()
  link1?: string;

  @OptionalString()
  link2?: string;

  @OptionalString()
  link3?: string;

  @OptionalString()
  link4?: string;

  @OptionalString()
  link5?: string;

  @OptionalString()
  passwort?: string;
}
