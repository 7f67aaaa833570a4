// autocannon ships no types and the workspace has no @types/autocannon: the part of its API that load.js uses
// (https://github.com/mcollina/autocannon#api). Without a callback the instance it returns is awaitable for the result.
declare module 'autocannon' {
  namespace autocannon {
    interface Request {
      method?: string;
      path?: string;
      headers?: Record<string, string>;
      body?: string;
      /** Called before each request is sent; returns the request to send. */
      setupRequest?: (request: Request, context: Record<string, unknown>) => Request;
      /** Called with every response of this request: status, body (the whole of it), context, headers. */
      onResponse?: (
        status: number,
        body: string,
        context: Record<string, unknown>,
        headers: Record<string, string>,
      ) => void;
    }
    interface Options {
      url: string;
      connections?: number;
      /** Seconds. */
      duration?: number;
      pipelining?: number;
      requests?: Request[];
    }
    /** Statistics of one measure. */
    interface Histogram {
      average: number;
      mean: number;
      stddev: number;
      min: number;
      max: number;
      p50: number;
      p90: number;
      p99: number;
    }
    interface Result {
      /** Per second; `total` completed requests, `sent` requests sent. */
      requests: Histogram & { total: number; sent: number };
      /** Per request, ms. */
      latency: Histogram;
      /** Bytes per second; `total` bytes. */
      throughput: Histogram & { total: number };
      errors: number;
      timeouts: number;
      non2xx: number;
    }
  }
  function autocannon(options: autocannon.Options): PromiseLike<autocannon.Result>;
  export = autocannon;
}
