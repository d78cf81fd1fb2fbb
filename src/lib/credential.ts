// A credential (a customer's external id) as printed on a badge or read from its QR code.

/**
 * Surrounding spaces never count and neither does case: "cred-ana" finds "CRED-ANA". The API
 * stores credentials in this form and looks them up in it; the home sends it so.
 */
export function normalizeCredential(raw: string): string {
  return raw.trim().toUpperCase();
}
