// The middleware vendor's English BO4E names beside the German ones (its official map, reference/bo4e-translation).
export {
  BO4E_DE_TO_EN,
  BO4E_EN_TO_DE,
  BO4E_NOT_REVERSIBLE,
  type Bo4eNameTable,
  type Bo4eNameTables,
} from './bo4e-names.generated';
