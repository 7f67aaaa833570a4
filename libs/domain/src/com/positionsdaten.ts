import {
  OptionalDateTime,
  OptionalNested,
  OptionalOneOf,
  OptionalString,
} from '../validation/decorators';
import { AllgemeineInformationen } from './allgemeine-informationen';

/**
 * A position (EDIFACT LIN/CNI) of an order, offer or status report (`positionsdaten[]` of AUFTRAG, ANGEBOT,
 * STATUSMITTEILUNG); MaCo App extension.
 * @see https://bo4e-python.readthedocs.io/en/latest/api/modules.html
 */
export class Positionsdaten {
  // An integer in the AUFTRAG and STATUSMITTEILUNG schemas, a string in `stammdaten.positionsdaten` of PI 17123.
  @OptionalOneOf(['number', 'string'])
  positionsnummer?: number | string;

  @OptionalString()
  lokationsId?: string;

  @OptionalString()
  anfragegrund?: string;

  @OptionalString({ each: true })
  artikelId?: string[];

  @OptionalString()
  positionsbezeichnung?: string;

  @OptionalDateTime()
  startdatum?: string;

  @OptionalDateTime()
  enddatum?: string;

  @OptionalNested(() => AllgemeineInformationen)
  allgemeineInformationen?: AllgemeineInformationen;

  @OptionalString({ each: true })
  auftragsStatusListe?: string[];

  @OptionalDateTime()
  statusVeraenderungsZeitpunkt?: string;
}
