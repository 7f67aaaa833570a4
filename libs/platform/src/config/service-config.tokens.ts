/** Injection token of the validated {@link ServiceConfig}. */
export const SERVICE_CONFIG = Symbol('SERVICE_CONFIG');
/** Injection token of the market role (LF, NB or MSB) this deployment serves. */
export const SERVICE_ROLE = Symbol('SERVICE_ROLE');
