import { OptionalNested, OptionalString, OptionalStringList } from '../validation/decorators';
import { Objectcode } from './objectcode';

/**
 * Assignment of a location to object codes within a location bundle (SEQ+Z58/ZD6); MaCo App extension.
 * @see https://bo4e-python.readthedocs.io/en/latest/api/modules.html
 */
export class ZuordnungObjectcode {
  @OptionalNested(() => Objectcode, { each: true })
  objectcode?: Objectcode[];

  @OptionalString()
  referenzLokationsId?: string;

  @OptionalString()
  referenzLokationsTyp?: string;

  // Arrays of arrays of strings in the schemas, like `detailsPrognosegrundlage`; plain strings accepted as items.
  @OptionalStringList({ nested: true })
  referenzMarktlokationTechnischeRessource?: Array<string | string[]>;

  @OptionalString()
  vorgelagerteLokationId?: string;

  @OptionalString()
  vorgelagerteLokationTyp?: string;
}
