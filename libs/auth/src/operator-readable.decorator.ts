// The flag lives with the route descriptions in platform, which set it; the guards of this lib read it.
export { IS_OPERATOR_READABLE, OperatorReadable, isOperatorReadable } from '@maco/platform';
