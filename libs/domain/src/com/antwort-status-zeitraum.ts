import { OptionalNested, OptionalNumber, OptionalOneOf, OptionalString } from '../validation/decorators';
import { type JsonScalarOrObject, SCALAR_OR_OBJECT } from '../validation/json-kind';
import { Freitext } from './freitext';

/**
 * An answer status per VERWENDUNGSZEITRAUM (`zeitraumId`); MaCo App extension.
 * @see https://bo4e-python.readthedocs.io/en/latest/api/modules.html
 */
export class AntwortStatusZeitraum {
  // Untyped in the schemas; real payloads carry scalars (backend-interface §9)
  @OptionalOneOf(SCALAR_OR_OBJECT)
  code?: JsonScalarOrObject;

  @OptionalString()
  liste?: string;

  @OptionalNumber()
  zeitraumId?: number;

  // A property-less object in the NB schema; typed like `transaktionsdaten.freitext`.
  @OptionalNested(() => Freitext, { kinds: ['object', 'string'] })
  freitext?: Freitext | string;
}
