/** The tag of every route of the group in the OpenAPI document. */
export const MALO_IDENT_TAG = 'MaloIdent NB';

/** How a `command` may name its operation (`commandNames`): part of what a refused `command` is told to be. */
export const PREFIXED_COMMAND = 'with or without a system prefix such as SAP_ (or absent)';
