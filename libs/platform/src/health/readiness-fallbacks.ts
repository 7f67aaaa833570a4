import { Injectable } from '@nestjs/common';

/** What an instance still does while its database is down, as `/health/ready` reports it (200, kept in the balancer). */
export interface DegradedReadiness {
  /** One line for operators: "database unavailable, journaling". */
  detail: string;
  /** Figures of the fallback, under its name (`journal: {entries, bytes, …}`). */
  [fallback: string]: unknown;
}

/** A group that can take writes without the database: asked by the readiness check when the database is down. */
export interface ReadinessFallback {
  /** What it takes over now, or undefined when it cannot (full, failed). */
  whileDatabaseDown(): DegradedReadiness | undefined;
}

/** The fallbacks the service's groups registered. */
@Injectable()
export class ReadinessFallbacks {
  private readonly fallbacks: ReadinessFallback[] = [];

  register(fallback: ReadinessFallback): void {
    this.fallbacks.push(fallback);
  }

  /** The first fallback that takes over, if any. */
  whileDatabaseDown(): DegradedReadiness | undefined {
    for (const fallback of this.fallbacks) {
      const degraded = fallback.whileDatabaseDown();
      if (degraded) return degraded;
    }
    return undefined;
  }
}
