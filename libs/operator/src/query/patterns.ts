/** What the console's filters accept, shared by the lists that filter alike (a MaLo-ID: `MALO_ID_PATTERN` of @maco/domain). */
export const PROCESS_KEY = /^[\x21-\x7e]{1,200}$/;
export const PRUEFIDENTIFIKATOR = /^\d{5}$/;
/** A finding code (`missing-mandatory-field`); `any` passes too, where a list reads it as "some finding". */
export const FINDING_CODE = /^[a-z][a-z0-9-]{0,63}$/;
