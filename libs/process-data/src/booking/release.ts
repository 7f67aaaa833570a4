/** BDEW format versions of the interface and the instant each takes effect (German midnight, in UTC). */
const RELEASES = [
  { name: '10/26', from: Date.parse('2026-09-30T22:00:00Z') },
  { name: '04/26', from: Date.parse('2026-03-31T22:00:00Z') },
  { name: '10/25', from: Date.parse('2025-09-30T22:00:00Z') },
] as const;

export type ReleaseName = (typeof RELEASES)[number]['name'];

/** The release in force at `nachrichtendatum` (else at `receivedAt`); older messages fall under the oldest release we know. */
export function releaseInForce(nachrichtendatum: unknown, receivedAt: Date): ReleaseName {
  const parsed = typeof nachrichtendatum === 'string' ? Date.parse(nachrichtendatum) : NaN;
  const instant = Number.isNaN(parsed) ? receivedAt.getTime() : parsed;
  return (RELEASES.find((release) => instant >= release.from) ?? RELEASES[RELEASES.length - 1]).name;
}
