import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance } from 'fastify';
import { Counter, Histogram, type Registry } from 'prom-client';
import { installRequestFacts } from '../logging/request-facts';
import { METRICS_REGISTRY } from './metrics-registry';

/** Label value of requests that matched no route: raw paths never become label values. */
export const UNMATCHED_ROUTE = 'unmatched';
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
const LABELS = ['method', 'route', 'status_code'] as const;

/**
 * `http_server_requests_total` and `http_server_request_duration_seconds` by method, matched route pattern and
 * status, from a Fastify `onResponse` hook: every answer counts, also those given before a controller runs (401, 404,
 * 413, 415).
 */
@Injectable()
export class HttpMetrics implements OnModuleInit {
  private readonly requests: Counter<(typeof LABELS)[number]>;
  private readonly duration: Histogram<(typeof LABELS)[number]>;

  constructor(
    @Inject(METRICS_REGISTRY) registry: Registry,
    private readonly adapterHost: HttpAdapterHost,
  ) {
    this.requests = new Counter({
      name: 'http_server_requests_total',
      help: 'HTTP requests answered, by method, route pattern and status code.',
      labelNames: LABELS,
      registers: [registry],
    });
    this.duration = new Histogram({
      name: 'http_server_request_duration_seconds',
      help: 'Time from receiving a request to having sent its answer, by method, route pattern and status code.',
      labelNames: LABELS,
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    });
  }

  onModuleInit(): void {
    const fastify = this.adapterHost.httpAdapter?.getInstance<FastifyInstance>();
    if (!fastify) return;
    installRequestFacts(fastify);
    fastify.addHook('onResponse', (request, reply, done) => {
      const status = reply.statusCode;
      const labels = {
        method: METHODS.has(request.method) ? request.method : 'OTHER',
        route: request.routeOptions.url ?? UNMATCHED_ROUTE,
        status_code: String(status),
      };
      this.requests.inc(labels);
      this.duration.observe(labels, reply.elapsedTime / 1000);
      done();
    });
  }
}
