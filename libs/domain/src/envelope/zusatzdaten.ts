import {
  OptionalBoolean,
  OptionalDateTime,
  OptionalNonEmptyString,
  OptionalObject,
  OptionalString,
  RequiredNonEmptyString,
} from '../validation/decorators';
import type { JsonObject } from '../validation/json-kind';

/** What `zusatzdaten` carries besides the request's own `businessKey`, for both operations. */
export abstract class ZusatzdatenFelder {
  @OptionalString()
  prozessId?: string | null;

  // Required and nullable in the update schema; optional here because resolution falls back to `prozessId` (§3.2).
  @OptionalString()
  targetBusinessKey?: string | null;

  // Added from the vendor's BO4E dictionary (reference/maco-api-doc-resources/bo4e).
  @OptionalObject()
  eventname?: JsonObject;

  @OptionalString()
  ediTyp?: string;

  @OptionalDateTime()
  ediEmpfangsDatum?: string;

  @OptionalString()
  ediVersion?: string;

  @OptionalString()
  marktpartnerRolle?: string;

  @OptionalString()
  contrlReferenz?: string;

  @OptionalString()
  parentBusinessKey?: string;

  @OptionalBoolean()
  ermaechtigungVorhanden?: boolean;
}

/**
 * Process keys of a `createProcessData` call. The schema requires `businessKey`, but every published example sends
 * `zusatzdaten: {}`, so the backend assigns one when it is missing (backend-interface §3.2).
 * @see https://doc.macoapp.de/
 */
export class Zusatzdaten extends ZusatzdatenFelder {
  @OptionalNonEmptyString()
  businessKey?: string | null;
}

/**
 * Process keys of an `updateProcessData` call: `businessKey` names the update itself, so the schema requires it.
 * @see https://doc.macoapp.de/
 */
export class ZusatzdatenAktualisieren extends ZusatzdatenFelder {
  @RequiredNonEmptyString()
  businessKey: string;
}
