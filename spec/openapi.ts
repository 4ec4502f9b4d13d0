// The two OpenAPI documents, dereferenced once per process.
import { fileURLToPath } from 'node:url';
import SwaggerParser from '@apidevtools/swagger-parser';

export type ApiName = 'controlPlane' | 'sandbox';

/** The UsageEvent component of the control-plane document: an event of the `usage` provider state (CONTRACT section 2). */
export interface UsageEvent {
  time: string;
  workspace: string;
  resourceType: string;
  resourceName: string;
  resourceUuid: string;
  billingDimension: string;
  usage: number;
  cost: number;
}

/** The value of one query parameter of a request; undefined leaves it out. */
export type QueryValue = string | number | boolean | undefined;

export interface OpenApiDocument {
  openapi: string;
  paths?: Record<string, unknown>;
  components?: { schemas?: Record<string, object> };
  [extension: `x-${string}`]: unknown;
}

export const specFiles: Record<ApiName, string> = {
  controlPlane: fileURLToPath(new URL('./control-plane.openapi.yaml', import.meta.url)),
  sandbox: fileURLToPath(new URL('./sandbox.openapi.yaml', import.meta.url)),
};

let loaded: Promise<Record<ApiName, OpenApiDocument>> | undefined;

export function loadSpecs(): Promise<Record<ApiName, OpenApiDocument>> {
  loaded ??= (async () => ({
    controlPlane: (await SwaggerParser.dereference(specFiles.controlPlane)) as unknown as OpenApiDocument,
    sandbox: (await SwaggerParser.dereference(specFiles.sandbox)) as unknown as OpenApiDocument,
  }))();
  return loaded;
}
