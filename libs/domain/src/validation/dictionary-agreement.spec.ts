import { compareWithDictionary, type Comparison, readDictionary } from '../../test/dictionary-agreement';
import { DICTIONARY_EXCEPTIONS, type DictionaryException } from '../../test/dictionary-exceptions';
import {
  ProzessdatenAktualisierenLf,
  ProzessdatenAktualisierenMsb,
  ProzessdatenAktualisierenNb,
} from '../envelope/prozessdaten-aktualisieren';
import {
  ProzessdatenErstellenLf,
  ProzessdatenErstellenMsb,
  ProzessdatenErstellenNb,
} from '../envelope/prozessdaten-erstellen';

// The vendor's BO4E dialect (reference/maco-api-doc-resources/bo4e, read by tools/bo4e-dictionary) is the type system
// of these classes: every property of every dictionary type the domain models is compared with what the class
// accepts (JSON kind, list or single, date-time format, null where the dictionary says nullable). A difference is
// allowed only with an entry in test/dictionary-exceptions.ts saying why.

const ENVELOPES = [
  ProzessdatenErstellenLf,
  ProzessdatenErstellenNb,
  ProzessdatenErstellenMsb,
  ProzessdatenAktualisierenLf,
  ProzessdatenAktualisierenNb,
  ProzessdatenAktualisierenMsb,
];

function matches(exception: DictionaryException, comparison: Comparison): boolean {
  return (
    exception.type === comparison.type &&
    exception.domainClass === comparison.domainClass &&
    exception.property === comparison.property
  );
}

function label({ type, domainClass, property, dictionary, domain }: Comparison): string {
  return `${type}.${property} (${domainClass}): dictionary ${dictionary}, domain ${domain ?? 'absent'}`;
}

describe('the domain classes vs. the vendor BO4E dictionary', () => {
  const dictionary = readDictionary();
  const comparisons = compareWithDictionary(
    dictionary,
    ENVELOPES.map((envelope) => ['cdoc/ProcessData', envelope] as const),
  );
  const differing = comparisons.filter((comparison) => comparison.verdict !== 'agrees');

  it('should record its figures', () => {
    const agreeing = comparisons.length - differing.length;
    const types = new Set(comparisons.map((comparison) => comparison.type));
    const figures = {
      dictionaryTypes: Object.keys(dictionary.types).length,
      typesCompared: types.size,
      propertiesCompared: comparisons.length,
      agreeing,
      exceptions: differing.length,
      exceptionsListed: DICTIONARY_EXCEPTIONS.length,
    };
    console.log(`dictionary agreement: ${JSON.stringify(figures)}`);
    expect(agreeing + differing.length).toBe(comparisons.length);
    // The walk reaches the envelope, stammdaten, transaktionsdaten, zusatzdaten and what they nest.
    expect([...types]).toEqual(
      expect.arrayContaining([
        'cdoc/ProcessData',
        'cdoc/Stammdaten',
        'cdoc/Transaktionsdaten',
        'bo/Marktlokation',
        'com/Verbrauch',
      ]),
    );
  });

  it('should give every dictionary property of a modelled type a property of the class', () => {
    expect(comparisons.filter((comparison) => comparison.verdict === 'missing').map(label)).toEqual([]);
  });

  it('should accept null wherever the dictionary says nullable', () => {
    expect(comparisons.filter((comparison) => comparison.nullRefused).map(label)).toEqual([]);
  });

  it('should agree on every property but the listed exceptions', () => {
    const unlisted = differing.filter(
      (comparison) => !DICTIONARY_EXCEPTIONS.some((exception) => matches(exception, comparison)),
    );
    expect(unlisted.map(label)).toEqual([]);
  });

  it('should list each exception with what both sides say now, and no stale one', () => {
    const stale = DICTIONARY_EXCEPTIONS.filter((exception) => {
      const comparison = differing.find((candidate) => matches(exception, candidate));
      return !comparison || comparison.dictionary !== exception.dictionary || comparison.domain !== exception.domain;
    });
    expect(stale).toEqual([]);
  });

  it("should list only exceptions where the class accepts the dictionary's shape and more", () => {
    const covers = (domain: string, dictionary: string) =>
      domain
        .split(' | ')
        .some(
          (shape) =>
            shape === dictionary ||
            (shape === 'string' && dictionary === 'string(date-time)') ||
            (shape === 'array' && dictionary.endsWith('[]')),
        );
    expect(DICTIONARY_EXCEPTIONS.filter((exception) => !covers(exception.domain, exception.dictionary))).toEqual([]);
  });

  it('should give every exception a reason and list it once', () => {
    const keys = DICTIONARY_EXCEPTIONS.map(({ type, domainClass, property }) => `${type}.${property}@${domainClass}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(DICTIONARY_EXCEPTIONS.filter((exception) => exception.reason.trim().length < 20)).toEqual([]);
  });
});
