// Card data leaves the browser only encrypted with the payment gateway's public key
// (GET /api/v1/payment/public_key): RSA-OAEP with SHA-256 over the JSON below, base64.
// Pure WebCrypto, so the browser and tests share it.

export interface CardData {
  card_number: string;
  card_holder_name: string;
  card_expiration_month: string | number;
  card_expiration_year: string | number;
  card_cvv: string;
}

const OAEP = { name: 'RSA-OAEP', hash: 'SHA-256' } as const;

function pemBody(pem: string): Uint8Array<ArrayBuffer> {
  const base64 = pem
    .replace(/-----BEGIN PUBLIC KEY-----/, '')
    .replace(/-----END PUBLIC KEY-----/, '')
    .replace(/\s+/g, '');
  if (!base64 || !/^[A-Za-z0-9+/]+=*$/.test(base64)) throw new Error('Not an SPKI public key in PEM');
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** Only digits of the number and CVV travel; the name is trimmed. */
function cleaned(card: CardData): CardData {
  return {
    card_number: card.card_number.replace(/\D/g, ''),
    card_holder_name: card.card_holder_name.trim().replace(/\s+/g, ' '),
    card_expiration_month: String(card.card_expiration_month).trim(),
    card_expiration_year: String(card.card_expiration_year).trim(),
    card_cvv: card.card_cvv.replace(/\D/g, ''),
  };
}

/** Encrypts the card for `POST /api/v1/payment/checkout/:orderId` `{ card_hash }`. */
export async function encryptCardHash(publicKeyPem: string, card: CardData): Promise<string> {
  const key = await globalThis.crypto.subtle.importKey('spki', pemBody(publicKeyPem), OAEP, false, ['encrypt']);
  const plain = new TextEncoder().encode(JSON.stringify(cleaned(card)));
  const encrypted = await globalThis.crypto.subtle.encrypt({ name: 'RSA-OAEP' }, key, plain);
  return toBase64(new Uint8Array(encrypted));
}
