import { createApiClient } from './client.ts';

/** The API address is baked into each build (PUBLIC_API_URL, set by scripts/build-tenants.ts). */
export const API_URL = import.meta.env.PUBLIC_API_URL ?? 'http://127.0.0.1:8787';
export const api = createApiClient(API_URL);
