export { TRIGGERS_GROUP } from './triggers.group';
export { TRIGGER_PROBLEMS, type TriggerProblemCode } from './triggers.problems';
export type { TriggerAnswer, TriggerPending, TriggerSent } from './start/trigger-answer';
export {
  TRIGGERS_CONFIG,
  triggersConfig,
  type MacoAppConnection,
  type TriggerDeliverySettings,
  type TriggersConfig,
} from './triggers.config';
