import { defineProblems, problemFactory } from '@maco/platform';

/** What the MaLo identification answers when it cannot: 400 as the contract says (its error body is untyped). */
export const MALO_IDENT_PROBLEMS = defineProblems({
  // `POST /identifyMarketlocation`: the body is not the contract's; `errors[]` points at each field.
  'MALO_IDENT.INVALID_REQUEST': {
    status: 400,
    slug: 'malo-ident-invalid-request',
    title: 'Invalid MaLo identification request',
  },
  // `GET /getMaloidentMarketlocation`, `GET /maloIdentRequests/{key}`: a query or path parameter is missing or invalid.
  'MALO_IDENT.INVALID_PARAMETER': {
    status: 400,
    slug: 'malo-ident-invalid-parameter',
    title: 'Invalid or missing parameter',
  },
  // `GET /maloIdentRequests/{key}`: nothing recorded under the key for this role.
  'MALO_IDENT.NOT_RECORDED': {
    status: 404,
    slug: 'malo-ident-not-recorded',
    title: 'No identification request recorded under this key',
  },
});

export type MaloIdentProblemCode = keyof typeof MALO_IDENT_PROBLEMS;

export const maloIdentProblem = problemFactory(MALO_IDENT_PROBLEMS);
