import path from 'node:path';

/** Everything the product reads from its environment, checked once at start-up. */
export interface Config {
  apiHost: string;
  apiPort: number;
  sitesPort: number;
  dataDir: string;
  /** The API address baked into the tenant sites; defaults to the local API. */
  publicApiUrl: string;
}

export class ConfigError extends Error {}

function port(env: NodeJS.ProcessEnv, name: string, fallback: number, problems: string[]): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1 || value > 65535) {
    problems.push(`${name} must be a port number from 1 to 65535 (got "${raw}")`);
  }
  return value;
}

/** Reads the configuration, naming every variable that is wrong at once. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const problems: string[] = [];
  const apiHost = env['API_HOST'] || '127.0.0.1';
  const apiPort = port(env, 'API_PORT', 8787, problems);
  const sitesPort = port(env, 'SITES_PORT', 4321, problems);
  const dataDir = path.resolve(env['DATA_DIR'] || 'data');
  const publicApiUrl = (env['PUBLIC_API_URL'] || `http://${apiHost}:${apiPort}`).replace(/\/+$/, '');
  if (!/^https?:\/\/[^/]+/.test(publicApiUrl)) {
    problems.push(`PUBLIC_API_URL must be an http(s) address (got "${env['PUBLIC_API_URL']}")`);
  }
  if (problems.length) throw new ConfigError(`Invalid configuration:\n- ${problems.join('\n- ')}`);
  return { apiHost, apiPort, sitesPort, dataDir, publicApiUrl };
}
