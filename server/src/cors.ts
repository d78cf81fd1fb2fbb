// Which browser origins may call the API. Tenant sites live at http(s)://<webName>.localhost[:port]
// locally; real hosts come from CORS_ORIGINS. Any other origin gets no CORS headers at all.

/** Every `*.localhost` (and bare `localhost`) origin, on any port, http or https. */
const LOCALHOST_ORIGIN = /^https?:\/\/([a-z0-9-]+\.)*localhost(:\d{1,5})?$/;
/** One CORS_ORIGINS entry: optional scheme, optional `*.` wildcard, host, optional port. */
const ENTRY = /^(https?:\/\/)?(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*(:\d{1,5})?$/;

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Splits and checks a CORS_ORIGINS value ("https://shop.example.com, *.example.com").
 * Answers the entries lower-cased, or the problems found.
 */
export function parseCorsOrigins(raw: string | undefined): { entries: string[]; problems: string[] } {
  const entries: string[] = [];
  const problems: string[] = [];
  for (const part of (raw ?? '').split(',')) {
    const entry = part.trim().toLowerCase().replace(/\/+$/, '');
    if (!entry) continue;
    if (ENTRY.test(entry)) entries.push(entry);
    else problems.push(`CORS_ORIGINS entry "${part.trim()}" must look like https://host[:port], http://host or *.example.com`);
  }
  return { entries, problems };
}

/** A matcher for the localhost sites plus the configured entries. */
export function corsOriginMatcher(entries: readonly string[]): (origin: string) => boolean {
  const patterns = entries.map((entry) => {
    const scheme = /^https?:\/\//.test(entry) ? '' : 'https?://';
    // `*.` stands for one or more whole labels, never the bare domain itself.
    const body = escape(entry).replace(/^(https?:\/\/)?\\\*\\\./, (_m, s: string | undefined) => `${s ?? ''}([a-z0-9-]+\\.)+`);
    return new RegExp(`^${scheme}${body}$`);
  });
  return (origin) => {
    const value = origin.toLowerCase();
    return LOCALHOST_ORIGIN.test(value) || patterns.some((pattern) => pattern.test(value));
  };
}
