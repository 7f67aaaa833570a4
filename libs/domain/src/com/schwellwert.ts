import { OptionalOneOf, OptionalString } from '../validation/decorators';

/**
 * Lower and upper threshold of a value of type 2 (EDIFACT CCI+Z60); MaCo App extension.
 * @see https://bo4e-python.readthedocs.io/en/latest/api/modules.html
 */
export class Schwellwert {
  @OptionalString()
  konfigurationsprodukt?: string;

  // A string in the LF create schema (15004), a number in LF update (17130).
  @OptionalOneOf(['number', 'string'])
  untererSchwellwert?: number | string;

  @OptionalOneOf(['number', 'string'])
  obererSchwellwert?: number | string;
}
