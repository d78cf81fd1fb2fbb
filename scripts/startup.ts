// What every command of the site generator does at start: read its variables once, ending the
// process with every wrong one named, and stop cleanly on a signal.
import { ConfigError, readPort, readPublicApiUrl } from '@gallery/contract/env';

/** The site generator's variables: the build's and the preview server's. */
export interface SiteConfig {
  /** PUBLIC_API_URL: the API address baked into the sites (the local API's when unset). */
  publicApiUrl: string;
  /** SITES_PORT: the preview server's port. */
  sitesPort: number;
}

export function loadSiteConfig(env: NodeJS.ProcessEnv, problems: string[]): SiteConfig {
  return { publicApiUrl: readPublicApiUrl(env, problems), sitesPort: readPort(env, 'SITES_PORT', 4321, problems) };
}

/**
 * Reads a configuration, or ends the process naming every wrong variable: `load` pushes
 * problems, or throws them (the API's loadConfig) after the others were pushed.
 */
export function configOrExit<T>(load: (problems: string[]) => T): T {
  const problems: string[] = [];
  try {
    const config = load(problems);
    if (!problems.length) return config;
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    problems.push(...error.problems);
  }
  console.error(new ConfigError(problems).message);
  process.exit(1);
}

export function stopOnSignals(stop: () => Promise<void>): void {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => void stop().then(() => process.exit(0)));
  }
}
