import { OptionalString } from '../validation/decorators';

/**
 * A time-of-use definition; the schemas only reference it from a register's `zaehlzeiten`.
 * @see https://bo4e-python.readthedocs.io/en/latest/api/bo4e.bo.html#module-bo4e.bo.zaehlzeitdefinition
 */
export class Zaehlzeitdefinition {
  @OptionalString()
  boTyp?: string;

  @OptionalString()
  versionStruktur?: string;
}
