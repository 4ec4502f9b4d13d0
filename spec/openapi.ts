// The two OpenAPI documents, dereferenced once per process.
import { fileURLToPath } from 'node:url';
import SwaggerParser from '@apidevtools/swagger-parser';

export type ApiName = 'controlPlane' | 'sandbox';

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
