export {
  bdewCheckDigit,
  checkEic,
  checkIdentifier,
  checkMaloId,
  checkMarktpartnerId,
  checkMeloId,
  checkNeloId,
  checkSteuerbareRessourceId,
  checkTechnischeRessourceId,
  ean13CheckDigit,
  eicCheckCharacter,
  IDENTIFIER_CHECKS,
  type IdentifierCheck,
  type IdentifierCheckResult,
  type IdentifierKind,
} from './identifier-checks';
export { identifierFindings } from './identifier-findings';
export { MALO_ID_PATTERN } from './identifier-patterns';
