import { randomUUID } from 'node:crypto';
import type { MarketRole } from '@maco/domain';
import type { LoggingOptions } from '@maco/platform';
import { composeService } from '@maco/service';
import {
  type JsonResponse,
  mintTestToken,
  postJson,
  startTestService,
  type TestService,
  withClient,
} from '@maco/testing';

export { FAST_RETRIES, maloIdentBody, waitFor } from '@maco/testing';
import { TRIGGERS_GROUP } from '../src';

/** A service of `role` that offers the triggers group alone. */
export function startTriggerService(
  role: MarketRole,
  databaseUrl: string,
  env: Record<string, string>,
  logging?: LoggingOptions,
): Promise<TestService> {
  return startTestService(composeService({ role, groups: [TRIGGERS_GROUP] }, { logging }), databaseUrl, env);
}

export function postTrigger(
  service: TestService,
  eventname: string,
  body: unknown,
  options: { role?: MarketRole; headers?: Record<string, string> } = {},
): Promise<JsonResponse> {
  return postJson(`${service.baseUrl}/triggers/${eventname}`, body, {
    token: mintTestToken({ roles: [options.role ?? 'LF'] }),
    headers: options.headers,
  });
}

export interface StoredTrigger {
  status: string;
  attempts: number;
  delivered: boolean;
  failed: boolean;
  lastError: string | null;
}

/** The record status and outbox row of a trigger. */
export async function storedTrigger(
  databaseUrl: string,
  role: MarketRole,
  prozessId: string,
): Promise<StoredTrigger | undefined> {
  return withClient(databaseUrl, async (client) => {
    const { rows } = await client.query<StoredTrigger>(
      `SELECT r.status, d.attempts, d.delivered_at IS NOT NULL AS delivered, d.failed_at IS NOT NULL AS failed, d.last_error AS "lastError"
       FROM process_record r JOIN trigger_delivery d ON d.record_id = r.id WHERE r.role = $1 AND r.business_key = $2`,
      [role, prozessId],
    );
    return rows[0];
  });
}

export function newProzessId(): string {
  return randomUUID();
}
