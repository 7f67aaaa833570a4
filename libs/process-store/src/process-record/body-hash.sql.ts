// The body's hash is SHA-256 over jsonb's text form, which is canonical (keys sorted, white space normalised):
// a retry whose keys come in another order is still the same body. A statement that chains the revision takes it from a
// MATERIALIZED CTE: inlined, the hash would be computed twice (for its column and for the chain), the body's costliest step.
export const BODY_HASH = (jsonb: string) => `sha256(convert_to((${jsonb})::text, 'UTF8'))`;

/**
 * The chain hash of a process's first revision (`maco_revision_hash`, migration RevisionHashChain), from a row of `source`
 * with `id` and `body_sha256`; received now(), the revision's `received_at`.
 */
export const CREATE_CHAIN_HASH = (
  source: string,
  operation: string,
  pruefidentifikator: string,
  release: string,
  tokenSubject: string,
  requestId: string,
  findings: string,
) =>
  `maco_revision_hash(NULL, ${source}.id, 1, ${operation}, ${pruefidentifikator}, ${release}, ${source}.body_sha256, ${tokenSubject}, ${requestId}, ${findings}, NULL, now())`;
