import { OptionalString } from '../validation/decorators';

/**
 * Reductions of levies under the Energiefinanzierungsgesetz (EnFG) for a supply contract; MaCo App extension.
 * @see https://bo4e-python.readthedocs.io/en/latest/api/modules.html
 */
export class EnFG {
  @OptionalString({ each: true })
  grund?: string[];

  @OptionalString()
  grundlageVerringerungUmlagen?: string;
}
