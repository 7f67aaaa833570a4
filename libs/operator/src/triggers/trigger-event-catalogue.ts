import { type MarketRole, type ReleaseName, triggerEvent, triggerEventNames, unescapePointerToken } from '@maco/domain';
import type { TriggerEventCatalogue } from '../operator-api';

/** The events `role` can send in `release`, by name, with what each requires (the catalogue missingTriggerFields checks). */
export function triggerEventCatalogue(release: ReleaseName, role: MarketRole): TriggerEventCatalogue {
  const events = triggerEventNames(release, role).flatMap((eventname) => {
    const event = triggerEvent(release, role, eventname);
    return event
      ? [{ eventname, pruefidentifikatoren: [...event.pruefidentifikatoren], required: event.required.map(dottedPath) }]
      : [];
  });
  return { release, events };
}

/** A pointer template as a dotted path: `/transaktionsdaten/absender` → `transaktionsdaten.absender` (RFC 6901 escapes undone). */
export function dottedPath(pointer: string): string {
  return pointer.split('/').slice(1).map(unescapePointerToken).join('.');
}
