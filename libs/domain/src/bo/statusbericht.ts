import { NachrichtenAntwort } from '../com/nachrichten-antwort';
import { UebertragungsdateiAntwort } from '../com/uebertragungsdatei-antwort';
import { OptionalDateTime, OptionalNested, OptionalObject, OptionalString } from '../validation/decorators';
import type { JsonObject } from '../validation/json-kind';

/**
 * A processing report on a message sent: APERAK (99999) or CONTRL (88888) answers.
 * @see https://bo4e-python.readthedocs.io/en/latest/api/modules.html
 */
export class Statusbericht {
  @OptionalString()
  boTyp?: string;

  @OptionalString()
  versionStruktur?: string;

  @OptionalDateTime()
  datumPruefung?: string;

  @OptionalString()
  pruefgegenstand?: string;

  @OptionalNested(() => UebertragungsdateiAntwort, { each: true })
  uebertragungsdateiAntwort?: UebertragungsdateiAntwort[];

  @OptionalNested(() => NachrichtenAntwort, { each: true })
  nachrichtenAntwort?: NachrichtenAntwort[];

  // Added from the vendor's BO4E dictionary (reference/maco-api-doc-resources/bo4e).
  @OptionalString()
  status?: string;

  @OptionalObject()
  fehler?: JsonObject;

  @OptionalString()
  absenderreferenz?: string;

  @OptionalString()
  transaktionsReferenznummer?: string;
}
