import { OptionalNested, OptionalString, RequiredNested, RequiredNonEmptyString } from '../validation/decorators';
import { UndeclaredKeysHoldObjectArrays } from '../validation/undeclared-keys';
import { Stammdaten } from './stammdaten';
import { Transaktionsdaten } from './transaktionsdaten';

/**
 * Process keys of a MaloIdent answer: the chain it answers (`targetBusinessKey`) and our `prozessId` of the
 * `START_MALOIDENT` trigger — which the vendor's own examples call `referenzProzessId`; one of the two is required
 * (checked by {@link validateMaloIdentAnswer}). No `businessKey`: the answer is no process of its own.
 * @see https://doc.macoapp.de/prozessdaten-aktualisieren-15144289e0
 */
export class ZusatzdatenMaloIdentAntwort {
  @OptionalString()
  prozessId?: string | null;

  @OptionalString()
  referenzProzessId?: string | null;

  @RequiredNonEmptyString()
  targetBusinessKey: string;
}

/**
 * The grid operator's answer to a supplier's MaLo identification, on the LF service's `POST /updateProcessData`:
 * positive (Prüfidentifikator 03002, with the identified MaLo's master data) or negative (03003, with the reason).
 * @see https://doc.macoapp.de/prozessdaten-aktualisieren-15144289e0
 */
// Not a subclass of Prozessdaten: a second subclass there changes the schemas class-validator-jsonschema derives for
// the Prozessdaten envelopes (their `required` went missing).
export class MaloIdentAntwortLf {
  @OptionalNested(() => Stammdaten)
  @UndeclaredKeysHoldObjectArrays(() => Stammdaten)
  stammdaten?: Stammdaten;

  @RequiredNested(() => Transaktionsdaten)
  transaktionsdaten: Transaktionsdaten;

  @RequiredNested(() => ZusatzdatenMaloIdentAntwort)
  zusatzdaten: ZusatzdatenMaloIdentAntwort;
}

/** The Prüfidentifikatoren of MaloIdent answers (positive, negative). */
export const MALO_IDENT_ANSWER_PIS: readonly string[] = Object.freeze(['03002', '03003']);
