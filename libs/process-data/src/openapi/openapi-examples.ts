import type { MarketRole, ProcessOperation } from '@maco/domain';

/** One request example of an operation, taken from a MaCo sample by `node tools/openapi/export.js`. */
export interface OpenApiExample {
  /** Key in the OpenAPI `examples` map: the sample's file name without `.json`. */
  name: string;
  summary: string;
  description: string;
  value: Record<string, unknown>;
}

export type OpenApiExamples = Record<MarketRole, Partial<Record<ProcessOperation, OpenApiExample[]>>>;
