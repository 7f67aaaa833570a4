/**
 * The format of a MaLo-ID (and of a Tranchen-ID, which shares it): exactly 11 digits. Format only — `checkMaloId`
 * also judges the leading digit and the check digit; a query or request field is refused on the format alone.
 */
export const MALO_ID_PATTERN = /^\d{11}$/;
