import type { Marktlokation, Zeitraum } from '@maco/domain';
import { BUSINESS_OBJECT_RULES, type BusinessObjectRules, type KindRule, type RuleTable } from './index';

// The checks of this file are the typecheck's (`tsc -p libs/process-store/tsconfig.json`): a `@ts-expect-error` whose
// line compiles fails it, as does a `true`/`false` below that does not hold. Jest (swc, no types) only runs the rest.

/** Whether A can stand where B is expected. */
type Fits<A, B> = [A] extends [B] ? true : false;

/** Marktlokation with its id renamed, and Zeitraum with its start renamed: what a rename in @maco/domain would be. */
type RenamedMarktlokation = Omit<Marktlokation, 'marktlokationsId'> & { maloId?: string };
type RenamedZeitraum = Omit<Zeitraum, 'startdatum'> & { beginn?: string };
type MarktlokationWithRenamedZeitraum = Omit<Marktlokation, 'gueltigkeitszeitraum'> & {
  gueltigkeitszeitraum?: RenamedZeitraum;
};

const theRuleFitsItsClass: Fits<BusinessObjectRules['MARKTLOKATION'], KindRule<Marktlokation>> = true;
const theRuleFailsARenamedId: Fits<BusinessObjectRules['MARKTLOKATION'], KindRule<RenamedMarktlokation>> = false;
const theRuleFailsARenamedNestedField: Fits<
  BusinessObjectRules['MARKTLOKATION'],
  KindRule<MarktlokationWithRenamedZeitraum>
> = false;

const wrongNames: RuleTable = {
  MARKTLOKATION: {
    // @ts-expect-error Marktlokation has no `maloId`
    id: ['maloId'],
    validity: [
      // @ts-expect-error the domain's Zeitraum (`gueltigkeitszeitraum`) has no `beginn`
      ['gueltigkeitszeitraum.beginn'],
      // @ts-expect-error Marktlokation has no `gueltigkeit`
      ['gueltigkeit.startdatum'],
    ],
    // @ts-expect-error Marktlokation has no `referenzMesslokation` (a property of TechnischeRessource)
    names: (object) => (object.referenzMesslokation ? [] : []),
  },
  MESSLOKATION: {
    // @ts-expect-error a rule reads the fields of its kind's class: Messlokation has no `marktlokationsId`
    id: ['marktlokationsId'],
    validity: [],
  },
  TECHNISCHE_RESSOURCE: {
    // @ts-expect-error a vendor's spelling the class lacks must be marked (`wire('technischeRessourceId')`)
    id: ['technischeRessourceId'],
    validity: [],
  },
};

const unknownKind: RuleTable = {
  // @ts-expect-error `Stammdaten` has no kind MARKTLOKATIONEN
  MARKTLOKATIONEN: { id: [], validity: [] },
};

const untypedKind: RuleTable = {
  // The domain leaves AVIS untyped (`JsonObject`): any name, as the vendor's dictionary spells it.
  AVIS: {
    id: ['avisNummer'],
    validity: [['gueltigkeit.startdatum']],
    keys: (object) => [String(object['avisNummer'])],
  },
};

describe('business object rules, typed by the domain classes', () => {
  it('should be checked by the typecheck (this file compiles only while the rules name the classes’ fields)', () => {
    expect([theRuleFitsItsClass, theRuleFailsARenamedId, theRuleFailsARenamedNestedField]).toEqual([
      true,
      false,
      false,
    ]);
    expect(Object.keys(wrongNames)).toEqual(['MARKTLOKATION', 'MESSLOKATION', 'TECHNISCHE_RESSOURCE']);
    expect(Object.keys(unknownKind)).toEqual(['MARKTLOKATIONEN']);
    expect(untypedKind.AVIS?.keys?.({ avisNummer: 'A1' })).toEqual(['A1']);
  });

  it('should name the checked rules and the rules the projection reads the same object', () => {
    expect(BUSINESS_OBJECT_RULES['MARKTLOKATION']?.id).toEqual(['marktlokationsId']);
  });
});
