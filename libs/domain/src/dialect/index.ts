// The middleware vendor's English BO4E beside the canonical German one: its official name map (reference/bo4e-translation)
// and the walk that translates bodies by it.
export {
  dialectOf,
  DIALECTS,
  type Dialect,
  type DialectRoot,
  fromEnglish,
  inDialect,
  receivedPointer,
  toEnglish,
} from './dialect';
export { MIXED_DIALECTS, type ReceivedBody, receiveBody } from './received-body';
export {
  BO4E_DE_TO_EN,
  BO4E_EN_TO_DE,
  BO4E_NOT_REVERSIBLE,
  type Bo4eNameTable,
  type Bo4eNameTables,
} from './bo4e-names.generated';
