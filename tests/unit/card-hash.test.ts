import { constants, generateKeyPairSync, privateDecrypt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { encryptCardHash } from '../../src/lib/card-hash.ts';

const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 3072 });
const pem = publicKey.export({ type: 'spki', format: 'pem' }).toString();

function decrypt(hash: string): unknown {
  const plain = privateDecrypt({ key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(hash, 'base64'));
  return JSON.parse(plain.toString('utf8'));
}

describe('encryptCardHash', () => {
  it('encrypts the card JSON with RSA-OAEP SHA-256, readable only with the private key', async () => {
    const hash = await encryptCardHash(pem, {
      card_number: '4000 0000 0000 0010',
      card_holder_name: '  Maria   da Silva ',
      card_expiration_month: 3,
      card_expiration_year: '2031',
      card_cvv: '123',
    });
    expect(hash).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(Buffer.from(hash, 'base64')).toHaveLength(384);
    expect(hash).not.toContain('4000');
    expect(decrypt(hash)).toEqual({
      card_number: '4000000000000010',
      card_holder_name: 'Maria da Silva',
      card_expiration_month: '3',
      card_expiration_year: '2031',
      card_cvv: '123',
    });
  });

  it('is randomised: the same card never gives the same hash twice', async () => {
    const card = { card_number: '4000000000000010', card_holder_name: 'A', card_expiration_month: '1', card_expiration_year: '2030', card_cvv: '1' };
    expect(await encryptCardHash(pem, card)).not.toBe(await encryptCardHash(pem, card));
  });

  it('refuses something that is not a PEM public key', async () => {
    const card = { card_number: '1', card_holder_name: 'A', card_expiration_month: '1', card_expiration_year: '2030', card_cvv: '1' };
    await expect(encryptCardHash('not a key', card)).rejects.toThrow();
  });
});
