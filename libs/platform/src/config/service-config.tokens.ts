/** Injection token of the validated {@link ServiceConfig}. */
export const SERVICE_CONFIG = Symbol('SERVICE_CONFIG');
/** Injection token of the market role (LF, NB or MSB) this deployment serves. */
export const SERVICE_ROLE = Symbol('SERVICE_ROLE');
/**
 * Injection token of the environment the service's configuration was read from: platform reads the interface groups'
 * configs from it (`InterfaceGroup.config`). Groups inject their own config's token, never this.
 */
export const CONFIG_ENVIRONMENT = Symbol('CONFIG_ENVIRONMENT');
/** Injection token of every group config value of the service, by the group config's token. */
export const GROUP_CONFIGS = Symbol('GROUP_CONFIGS');
