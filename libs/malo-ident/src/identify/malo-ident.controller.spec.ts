import type { FastifyRequest } from 'fastify';
import type { Principal } from '@maco/auth';
import type { Dialect } from '@maco/domain';
import { MALO_IDENT_SCHEMAS } from '../openapi/malo-ident-schemas';
import type { FlagName } from './flags';
import { MaloIdentController } from './malo-ident.controller';
import type { MaloIdentRecord } from './malo-ident.repository';
import type { IdentifyAnswer, MaloIdentService } from './malo-ident.service';

const CANDIDATE = {
  lokationsId: '74018657187',
  trefferMaloid: true,
  trefferTrancheId: false,
  trefferAdresse1: true,
  trefferKundennummer: false,
  trefferName: false,
  trefferGeraetenummer: false,
  trefferMeloid: false,
  trefferAdresse2: true,
  trefferMakorelevant: true,
  trefferStillgelegt: false,
  trefferNetzgebiet: true,
  trefferNetzgebiet3KJ: true,
} satisfies Record<FlagName | 'lokationsId', unknown>;
const ANSWER: IdentifyAnswer = { maloIdentDaten: [CANDIDATE] };
const RECORD: MaloIdentRecord = {
  role: 'NB',
  idempotencyKey: 'k-1',
  vorgangsnummer: 'k-1',
  tokenSubject: null,
  receivedAt: '2026-08-03T08:00:00.000Z',
  request: { masterData: {}, transactionData: { processNumber: 'k-1' } },
  answer: ANSWER,
  candidateCount: 1,
  notes: [],
};

/** The controller over a service that answers the canonical answer and record. */
function controllerOf(dialect: Dialect) {
  const service = {
    identify: async () => ANSWER,
    recorded: async () => RECORD,
  } as unknown as MaloIdentService;
  return new MaloIdentController(service, { dialect });
}
const principal = { subject: 's' } as Principal;
const request = { raw: {} } as FastifyRequest;
const requiredOf = (schema: string): unknown =>
  (MALO_IDENT_SCHEMAS[schema] as { properties: { maloIdentDaten: { items: { required: string[] } } } }).properties
    .maloIdentDaten.items.required;

describe(MaloIdentController.name, () => {
  it('should answer the canonical answer itself in German (MACO_DIALECT=de)', async () => {
    const controller = controllerOf('de');
    expect(await controller.identify({}, {}, principal, request)).toBe(ANSWER);
    expect(await controller.recorded('k-1')).toEqual(RECORD);
  });

  it('should answer in English (MACO_DIALECT=en) as the English schema describes, the request as received', async () => {
    const controller = controllerOf('en');
    const answer = (await controller.identify({}, {}, principal, request)) as { maloIdentDaten: object[] };
    const { lokationsId, ...flags } = CANDIDATE;
    expect(answer).toEqual({ maloIdentDaten: [{ locationId: lokationsId, ...flags }] });
    expect(Object.keys(answer.maloIdentDaten[0]).sort()).toEqual(
      [...(requiredOf('MaloIdent_IdentifyAnswerEnglish') as string[])].sort(),
    );
    expect(await controller.recorded('k-1')).toEqual({ ...RECORD, answer });
  });
});
