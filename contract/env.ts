// Reading a deployable's environment: each one (the API and its CLI, the site build, the
// publisher) checks only its own variables, once at start-up, naming every wrong one at once.

/** Every wrong variable of a deployable, one line each. */
export class ConfigError extends Error {
  readonly problems: readonly string[];
  constructor(problems: readonly string[]) {
    super(`Invalid configuration:\n- ${problems.join('\n- ')}`);
    this.problems = problems;
  }
}

/** Throws the problems found, if any. */
export function throwProblems(problems: readonly string[]): void {
  if (problems.length) throw new ConfigError(problems);
}

export function readPort(env: NodeJS.ProcessEnv, name: string, fallback: number, problems: string[]): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1 || value > 65535) {
    problems.push(`${name} must be a port number from 1 to 65535 (got "${raw}")`);
  }
  return value;
}

/** API_HOST (127.0.0.1) and API_PORT (8787): where the API listens. */
export function readApiAddress(env: NodeJS.ProcessEnv, problems: string[]): { apiHost: string; apiPort: number } {
  return { apiHost: env['API_HOST'] || '127.0.0.1', apiPort: readPort(env, 'API_PORT', 8787, problems) };
}

/** PUBLIC_API_URL: the API address baked into the sites; the local API's when unset. */
export function readPublicApiUrl(env: NodeJS.ProcessEnv, problems: string[]): string {
  const { apiHost, apiPort } = readApiAddress(env, problems);
  const url = (env['PUBLIC_API_URL'] || `http://${apiHost}:${apiPort}`).replace(/\/+$/, '');
  if (!/^https?:\/\/[^/]+/.test(url)) problems.push(`PUBLIC_API_URL must be an http(s) address (got "${env['PUBLIC_API_URL']}")`);
  return url;
}
