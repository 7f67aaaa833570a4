import { Marktteilnehmer } from '../bo/marktteilnehmer';
import { OptionalNested, OptionalString } from '../validation/decorators';

/**
 * CONTRL answer to a whole interchange (UCI): its reference, sender, receiver and the syntax error found.
 * MaCo App extension.
 * @see https://bo4e-python.readthedocs.io/en/latest/api/modules.html
 */
export class UebertragungsdateiAntwort {
  @OptionalString()
  datenaustauschreferenz?: string;

  @OptionalNested(() => Marktteilnehmer)
  absenderUebertragungsdatei?: Marktteilnehmer;

  @OptionalNested(() => Marktteilnehmer)
  empfaengerUebertragungsdatei?: Marktteilnehmer;

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
}
