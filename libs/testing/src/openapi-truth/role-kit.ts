import { randomUUID } from 'node:crypto';
import { MARKET_ROLES, type MarketRole, releaseInForceAt, triggerEvent, triggerEventNames } from '@maco/domain';
import { loadSamples, withBusinessKey } from '../samples';
import { mintTestToken } from '../tokens';
import { triggerBodyFor } from '../trigger-bodies';
import { type Json, KEY_DATE, MALO_ID } from './requests';

/** What the probes need of the role: its bodies and events. */
export class RoleKit {
  readonly otherRole: MarketRole;
  readonly release = releaseInForceAt(new Date()) ?? '10/26';
  readonly eventname: string;
  private subjects = 0;

  constructor(readonly role: MarketRole) {
    this.otherRole = MARKET_ROLES.find((candidate) => candidate !== role) as MarketRole;
    const names = triggerEventNames(this.release, role);
    this.eventname = names.includes('START_MALOIDENT') ? 'START_MALOIDENT' : names[0];
  }

  /** A token of the role with a subject of its own: a rate-limit bucket of its own. */
  token(): string {
    return mintTestToken({ roles: [this.role], subject: `openapi-truth-${(this.subjects += 1)}` });
  }

  createBody(businessKey: string = randomUUID(), zusatzdaten: Json = {}): Json {
    const body = withBusinessKey(this.sample('create'), businessKey);
    body['zusatzdaten'] = { ...(body['zusatzdaten'] as Json), ...zusatzdaten };
    return body;
  }

  updateBody(zusatzdaten: Json): Json {
    return { ...structuredClone(this.sample('update')), zusatzdaten };
  }

  triggerBody(prozessId = randomUUID(), eventname = this.eventname): Json {
    const event = triggerEvent(this.release, this.role, eventname);
    if (!event) throw new Error(`no trigger event ${eventname} of ${this.role} in ${this.release}`);
    return { ...triggerBodyFor(event), zusatzdaten: { prozessId } };
  }

  identifyBody(key: string): Json {
    return {
      stammdaten: {
        MARKTLOKATION: [
          { boTyp: 'MARKTLOKATION', versionStruktur: '1', energierichtung: 'AUSSP', marktlokationsId: MALO_ID },
        ],
      },
      transaktionsdaten: {
        vorgangsnummer: key,
        idempodenzschluessel: key,
        ausfuehrungsdatum: KEY_DATE,
        absender: { rollencodenummer: '9904000000005' },
        empfaenger: { rollencodenummer: '9900936000002' },
      },
    };
  }

  private sample(operation: 'create' | 'update'): Json {
    const sample = loadSamples({ role: this.role, operation })[0];
    if (!sample) throw new Error(`no ${this.role} ${operation} sample`);
    return sample.body;
  }
}
