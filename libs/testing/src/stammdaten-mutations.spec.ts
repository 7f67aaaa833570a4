import { MARKET_ROLES, type MarketRole, validateProcessData } from '@maco/domain';
import { STAMMDATEN_MUTATIONS, type StammdatenMutation } from './stammdaten-mutations';

// Every stammdaten kind of the reference inventory (backend-interface §5).
const KINDS = [
  'AD_HOC_STEUERKANAL',
  'ANFRAGE',
  'ANGEBOT',
  'AUFTRAG',
  'BILANZIERUNG',
  'ENERGIELIEFERVERTRAG',
  'ENERGIEMENGE',
  'HANDELSUNSTIMMIGKEIT',
  'LEISTUNGSKURVENDEFINITION',
  'LOKATIONSBUENDEL',
  'MARKTLOKATION',
  'MESSLOKATION',
  'MESSSTELLENBETRIEBSVERTRAG',
  'NETZLOKATION',
  'NETZNUTZUNGSVERTRAG',
  'SCHALTZEITDEFINITION',
  'STATUSBERICHT',
  'STATUSMITTEILUNG',
  'STEUERBARE_RESSOURCE',
  'TECHNISCHE_RESSOURCE',
  'TRANCHE',
  'VERWENDUNGSZEITRAUM',
  'WERTE_NACH_TYP2',
  'ZAEHLER',
];

const create = (role: MarketRole, kind: string, item: Record<string, unknown>): string[] =>
  validateProcessData(role, 'create', {
    stammdaten: { [kind]: [item] },
    transaktionsdaten: {},
    zusatzdaten: { businessKey: 'k' },
  }).map((violation) => violation.pointer);

/** The item with the field at `pointer` set to `validValue`. */
function fixed({ kind, item, pointer, validValue }: StammdatenMutation): Record<string, unknown> {
  const prefix = `#/stammdaten/${kind}/0/`;
  if (!pointer.startsWith(prefix)) throw new Error(`${pointer} does not point into the ${kind} item`);
  const tokens = pointer.slice(prefix.length).split('/');
  const copy = structuredClone(item);
  const parent = tokens
    .slice(0, -1)
    .reduce<Record<string, unknown>>((node, token) => node[token] as Record<string, unknown>, copy);
  parent[tokens[tokens.length - 1]] = validValue;
  return copy;
}

const CASES = STAMMDATEN_MUTATIONS.flatMap((mutation) =>
  mutation.roles.map((role) => [mutation.kind, role, mutation] as const),
);

describe('STAMMDATEN_MUTATIONS', () => {
  it('should hold one entry per stammdaten kind, each for known roles', () => {
    expect(STAMMDATEN_MUTATIONS.map((mutation) => mutation.kind).sort()).toEqual(KINDS);
    for (const { roles } of STAMMDATEN_MUTATIONS) {
      expect(roles.length).toBeGreaterThan(0);
      expect(roles.every((role) => MARKET_ROLES.includes(role))).toBe(true);
    }
  });

  it('should put the wrong field inside an object or array of the BO, where the BO has one', () => {
    const flat = ['ANFRAGE', 'VERWENDUNGSZEITRAUM']; // no nested field in any schema
    for (const { kind, pointer } of STAMMDATEN_MUTATIONS) {
      const depth = pointer.split('/').length - `#/stammdaten/${kind}/0`.split('/').length;
      expect([kind, depth > 1]).toEqual([kind, !flat.includes(kind)]);
    }
  });

  it.each(CASES)('should report exactly the wrong field of %s for %s', (kind, role, mutation) => {
    expect(create(role, kind, mutation.item)).toEqual([mutation.pointer]);
  });

  it.each(CASES)('should accept the %s item for %s once the field is fixed', (kind, role, mutation) => {
    expect(create(role, kind, fixed(mutation))).toEqual([]);
  });
});
