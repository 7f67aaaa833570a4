// A system prefix the middleware puts before an operationId in real configurations (`SAP_`, `NOCODB_`).
const SYSTEM_PREFIX = /^[A-Z0-9]+_$/;

/**
 * Whether a `command` query value names `operationId`: the operationId itself or `<PREFIX>_<operationId>`. A command
 * naming another operation (with or without prefix) does not.
 */
export function commandNames(command: unknown, operationId: string): boolean {
  if (typeof command !== 'string') return false;
  if (command === operationId) return true;
  return (
    command.endsWith('_' + operationId) && SYSTEM_PREFIX.test(command.slice(0, command.length - operationId.length))
  );
}
