interface ImportMetaEnv {
  readonly PUBLIC_API_URL?: string;
  readonly PUBLIC_ANALYTICS_ID?: string;
  readonly PUBLIC_ANALYTICS_ENDPOINT?: string;
  readonly PUBLIC_SENTRY_DSN?: string;
  /** The package version, defined by astro.config.mjs. */
  readonly PUBLIC_RELEASE: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
