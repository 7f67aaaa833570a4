/**
 * The paths of the two MaloIdent reads: the shipped English names first, then the German ones of the vendor's `_build`
 * specs (reference/backend-interface.md §12). A middleware may be configured with either; both are the same operation.
 */
export const MALO_IDENT_PATHS = {
  /** `POST`, `LESEN_MALOIDENT_BASIS`. */
  identify: ['identifyMarketlocation', 'lesenMaloidentBasis'],
  /** `GET`, `LESEN_MALOIDENT_MARKTLOKATION`. */
  masterData: ['getMaloidentMarketlocation', 'lesenMaloidentMarktlokation'],
} as const;
