import { getMetadataStorage, type MetadataStorage } from 'class-validator';

type Lookup = MetadataStorage['getTargetValidationMetadatas'];
type ValidationMetadata = ReturnType<Lookup>[number];
type Grouped = ReturnType<MetadataStorage['groupByPropertyName']>;

const memoised = new WeakSet<MetadataStorage>();

/**
 * class-validator looks up the rules of a class for every object it validates, and scans every registered class for
 * ancestors to do so: each BO class added would make every validation slower. The rules of a class are fixed once its
 * module has loaded, so the lookup (and its grouping by property) is memoised per class and call shape; registering
 * any rule later clears the memo. Looked-up lists are frozen, as class-validator only reads them.
 */
export function memoiseRuleLookup(storage: MetadataStorage = getMetadataStorage()): void {
  if (memoised.has(storage)) return;
  memoised.add(storage);
  const lookup: Lookup = storage.getTargetValidationMetadatas.bind(storage);
  const group = storage.groupByPropertyName.bind(storage);
  const addValidationMetadata = storage.addValidationMetadata.bind(storage);
  let memo = new WeakMap<object, Map<string, ValidationMetadata[]>>();
  const groupedMemo = new WeakMap<ValidationMetadata[], Grouped>();

  storage.getTargetValidationMetadatas = (target, schema, always, strictGroups, groups) => {
    const key = `${schema ?? ''}\u0000${always}\u0000${strictGroups}\u0000${groups?.join('\u0001') ?? ''}`;
    let byKey = memo.get(target);
    if (!byKey) memo.set(target, (byKey = new Map()));
    let rules = byKey.get(key);
    if (!rules) byKey.set(key, (rules = Object.freeze(lookup(target, schema, always, strictGroups, groups)) as ValidationMetadata[]));
    return rules;
  };
  // Only arrays from the memo above are frozen, hence never change: their grouping can be kept.
  storage.groupByPropertyName = (metadata) => {
    if (!Object.isFrozen(metadata)) return group(metadata);
    let grouped = groupedMemo.get(metadata);
    if (!grouped) groupedMemo.set(metadata, (grouped = group(metadata)));
    return grouped;
  };
  storage.addValidationMetadata = (metadata) => {
    memo = new WeakMap();
    addValidationMetadata(metadata);
  };
}
