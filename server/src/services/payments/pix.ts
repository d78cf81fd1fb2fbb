import { generatePixPayload } from '@brazilian-utils/brazilian-utils';
import type { PixConfig } from '../../config.ts';

/**
 * The static BR Code ("PIX copia e cola") for one charge: the receiver from configuration, the
 * amount in reais with two decimals, and a txid of letters and digits (at most 25).
 */
export function pixText(pix: PixConfig, amountCents: number, txid: string): string {
  const cleanTxid = txid.replace(/[^A-Za-z0-9]/g, '').slice(0, 25) || '***';
  const text = generatePixPayload({
    key: pix.key,
    merchantName: pix.merchantName,
    merchantCity: pix.merchantCity,
    amount: amountCents / 100,
    txid: cleanTxid,
  });
  if (!text) throw new Error('PIX payload could not be generated from the configured key, name and city');
  return text;
}
