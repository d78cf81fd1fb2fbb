import { generatePixPayload } from '@brazilian-utils/brazilian-utils';
import type { PixConfig } from '../../config.ts';
import { randomAlphanumeric } from '../ids.ts';

/** The most a static BR Code's txid holds, all letters and digits. */
const TXID_LENGTH = 25;
const TXID = new RegExp(`^[A-Za-z0-9]{1,${TXID_LENGTH}}$`);

/**
 * A charge's own txid, random and as long as allowed (about 148 bits): whoever sees the code (a
 * friend who pays it, a screenshot, a bank statement) learns nothing from it, and the bank's
 * statement names the one payment it belongs to.
 */
export function newPixTxid(): string {
  return randomAlphanumeric(TXID_LENGTH);
}

/**
 * The static BR Code ("PIX copia e cola") for one charge: the receiver from configuration, the
 * amount in reais with two decimals, and the charge's txid.
 */
export function pixText(pix: PixConfig, amountCents: number, txid: string): string {
  if (!TXID.test(txid)) throw new Error(`a PIX txid is 1 to ${TXID_LENGTH} letters and digits`);
  const text = generatePixPayload({
    key: pix.key,
    merchantName: pix.merchantName,
    merchantCity: pix.merchantCity,
    amount: amountCents / 100,
    txid,
  });
  if (!text) throw new Error('PIX payload could not be generated from the configured key, name and city');
  return text;
}
