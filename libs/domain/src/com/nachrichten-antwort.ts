import { OptionalNested, OptionalString } from '../validation/decorators';
import { DatenelementFehleranzeige } from './datenelement-fehleranzeige';
import { SegmentFehleranzeige } from './segment-fehleranzeige';

/**
 * CONTRL answer to one message (UCM) with its faulty segments and data elements; MaCo App extension.
 * @see https://bo4e-python.readthedocs.io/en/latest/api/modules.html
 */
export class NachrichtenAntwort {
  @OptionalString()
  nachrichtenReferenznummer?: string;

  @OptionalString()
  nachrichtentypKennung?: string;

  @OptionalString()
  versionsnummerNachrichtentyp?: string;

  @OptionalString()
  freigabenummerNachrichtentyp?: string;

  @OptionalString()
  verwaltendeOrganisation?: string;

  @OptionalString()
  anwendungscodeOrganisation?: string;

  @OptionalString()
  aktion?: string;

  @OptionalString()
  syntaxFehler?: string;

  @OptionalString()
  serviceSegmentbezeichner?: string;

  @OptionalString()
  positionFehlerDatenelement?: string;

  @OptionalString()
  positionFehlerGruppendatenelement?: string;

  @OptionalNested(() => SegmentFehleranzeige, { each: true })
  segmentFehleranzeige?: SegmentFehleranzeige[];

  @OptionalNested(() => DatenelementFehleranzeige, { each: true })
  datenelementFehleranzeige?: DatenelementFehleranzeige[];
}
