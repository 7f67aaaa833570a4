import { getMetadataStorage, IsString, MetadataStorage } from 'class-validator';
import { Marktlokation } from '../bo/marktlokation';
import { ProzessdatenAktualisierenNb } from '../envelope/prozessdaten-aktualisieren';
import { memoiseRuleLookup } from './rule-lookup-memo';
import './validate-process-data'; // installs the memo

const storage = getMetadataStorage();
const unmemoised = (target: new () => object, schema = '') =>
  MetadataStorage.prototype.getTargetValidationMetadatas.call(storage, target, schema, false, false);

describe(memoiseRuleLookup.name, () => {
  it('should return what class-validator computes, inherited rules included, and the same list every time', () => {
    for (const type of [Marktlokation, ProzessdatenAktualisierenNb]) {
      const rules = storage.getTargetValidationMetadatas(type, '', false, false);
      expect(rules).toEqual(unmemoised(type));
      expect(storage.getTargetValidationMetadatas(type, '', false, false)).toBe(rules);
      expect(Object.isFrozen(rules)).toBe(true);
      expect(storage.groupByPropertyName(rules)).toBe(storage.groupByPropertyName(rules));
    }
    expect(storage.getTargetValidationMetadatas(ProzessdatenAktualisierenNb, '', false, false).map((rule) => rule.propertyName)).toEqual(
      expect.arrayContaining(['stammdaten', 'transaktionsdaten', 'zusatzdaten']),
    );
  });

  it('should keep call shapes apart and pass unfrozen lists through the grouping', () => {
    expect(storage.getTargetValidationMetadatas(Marktlokation, 'Tranche', false, false)).toEqual(unmemoised(Marktlokation, 'Tranche'));
    const plain = [...storage.getTargetValidationMetadatas(Marktlokation, '', false, false)];
    expect(storage.groupByPropertyName(plain)).not.toBe(storage.groupByPropertyName(plain));
  });

  it('should see rules registered after a lookup', () => {
    class Probe {
      name?: string;
    }
    expect(storage.getTargetValidationMetadatas(Probe, '', false, false)).toEqual([]);
    IsString()(Probe.prototype, 'name');
    expect(storage.getTargetValidationMetadatas(Probe, '', false, false).map((rule) => rule.propertyName)).toEqual(['name']);
  });

  it('should wrap a storage only once', () => {
    const lookup = storage.getTargetValidationMetadatas;
    memoiseRuleLookup(storage);
    expect(storage.getTargetValidationMetadatas).toBe(lookup);
  });
});
