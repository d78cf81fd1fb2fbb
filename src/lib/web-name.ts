/**
 * An organization's web name, the first part of its sites' host name (section 1): 1 to 63
 * lower-case letters, digits or dashes, not starting with a dash. The API, its admin CLI and the
 * site build all take this one rule.
 */
export const WEB_NAME_PATTERN = /^[a-z0-9][a-z0-9-]{0,62}$/;

export function isWebName(value: string): boolean {
  return WEB_NAME_PATTERN.test(value);
}
