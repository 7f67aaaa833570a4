import type { MarketRole } from '@maco/domain';
import type { ProblemCatalog } from '../problem/problem-catalog';

/** A JSON Schema / OpenAPI 3.0 object, loosely typed: groups build and platform merges them. */
export type OpenApiObject = { [keyword: string]: unknown };

/** What a group's OpenAPI part is built from: the service's role and its merged problem catalog. */
export interface OpenApiContext {
  role: MarketRole;
  problems: ProblemCatalog;
}

/** A group's part of the service's OpenAPI document. */
export interface OpenApiPart {
  /** Names the group in the document's title (`MaloIdent`). */
  title: string;
  /** Sentences for the document's description. */
  description: string;
  tags: { name: string; description: string }[];
  paths: Record<string, OpenApiObject>;
  components?: {
    schemas?: Record<string, OpenApiObject>;
    parameters?: Record<string, OpenApiObject>;
    headers?: Record<string, OpenApiObject>;
  };
}

/** Builds a group's part; called once, lazily, when the document is first asked for. */
export type OpenApiContribution = (context: OpenApiContext) => OpenApiPart;
