import { constants, createPrivateKey, createPublicKey, generateKeyPairSync, privateDecrypt, type KeyObject } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { isCardNumber } from '@gallery/contract/card-number';
import cardValidator from 'card-validator';
import type { Db } from '../../db.ts';
import type { PixConfig } from '../../config.ts';
import { findSandboxCharge, findSandboxChargeByKey, insertSandboxCharge, setSandboxChargeStatus, type SandboxChargeRow } from '../../repositories/payments.ts';
import { newId } from '../ids.ts';
import { GatewayInputError, type Charge, type PaymentGateway } from './gateway.ts';
import { newPixTxid, pixText } from './pix.ts';

/** Pagar.me's sandbox card that is declined; any other valid number (4000000000000010 too) is approved. */
const SANDBOX_REFUSED_CARD = '4000000000000028';

const KEY_FILE = 'payment-sandbox-key.pem';
// 3072 bits: RSA-OAEP-SHA256 then holds 318 bytes, room for the card JSON with a long name.
const KEY_BITS = 3072;
const MAX_HOLDER_NAME = 100;

export interface SandboxGateway extends PaymentGateway {
  /** What the PSP does when the payer's bank settles a PIX: stands in for the real webhook. */
  confirmPix(chargeId: string): Promise<Charge | undefined>;
}

/**
 * The gateway's key pair, generated once and kept in DATA_DIR readable by the owner only.
 * `wx` makes concurrent first starts agree on one key: the loser reads the winner's file.
 */
function loadOrCreateKey(dataDir: string): KeyObject {
  const file = path.join(dataDir, KEY_FILE);
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dataDir, { recursive: true });
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: KEY_BITS });
    const pem = privateKey.export({ type: 'pkcs8', format: 'pem' });
    try {
      fs.writeFileSync(file, pem, { mode: 0o600, flag: 'wx' });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  return createPrivateKey(fs.readFileSync(file, 'utf8'));
}

interface CardFields {
  number: string;
  month: number;
  year: number;
}

/** The card's brand by the card library, under the names earlier charges were stored with. */
function brandOf(number: string): string {
  const type = cardValidator.number(number).card?.type;
  return type === 'american-express' ? 'amex' : (type ?? 'other');
}

function integerField(value: unknown): number | undefined {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  return /^\d{1,4}$/.test(text) ? Number(text) : undefined;
}

/**
 * Checks the decrypted card like a PSP would. Error messages name the field and never repeat
 * its value: card numbers and CVVs must not reach a log.
 */
function checkCard(data: unknown, now: Date): CardFields {
  if (typeof data !== 'object' || data === null) throw new GatewayInputError('card_hash', 'card_hash does not hold card data');
  const card = data as Record<string, unknown>;
  const number = typeof card['card_number'] === 'string' ? card['card_number'].replace(/[\s.-]/g, '') : '';
  if (!/^\d{13,19}$/.test(number)) throw new GatewayInputError('card_number', 'card_number must have 13 to 19 digits');
  if (!isCardNumber(number)) throw new GatewayInputError('card_number', 'card_number is not a valid card number');
  const holder = card['card_holder_name'];
  if (typeof holder !== 'string' || !holder.trim() || holder.length > MAX_HOLDER_NAME) {
    throw new GatewayInputError('card_holder_name', `card_holder_name must be 1 to ${MAX_HOLDER_NAME} characters`);
  }
  const month = integerField(card['card_expiration_month']);
  if (month === undefined || month < 1 || month > 12) {
    throw new GatewayInputError('card_expiration_month', 'card_expiration_month must be 1 to 12');
  }
  let year = integerField(card['card_expiration_year']);
  if (year !== undefined && year < 100) year += 2000;
  if (year === undefined || year < 2020 || year > 3000) {
    throw new GatewayInputError('card_expiration_year', 'card_expiration_year must be 2020 to 3000');
  }
  const thisMonth = now.getUTCFullYear() * 12 + now.getUTCMonth();
  if (year * 12 + (month - 1) < thisMonth) throw new GatewayInputError('card_expiration_year', 'the card has expired');
  const cvv = card['card_cvv'];
  if (typeof cvv !== 'string' || !/^\d{3,4}$/.test(cvv)) throw new GatewayInputError('card_cvv', 'card_cvv must be 3 or 4 digits');
  return { number, month, year };
}

function toCharge(row: SandboxChargeRow): Charge {
  return {
    id: row.id,
    orderId: row.order_id,
    method: row.method,
    amount: row.amount_cents,
    status: row.status,
    pixText: row.pix_text,
    pixTxid: row.pix_txid,
    cardLast4: row.card_last4,
    cardBrand: row.card_brand,
  };
}

/**
 * The built-in gateway, behaving like a Brazilian PSP's sandbox: card data arrives only as
 * `card_hash` (RSA-OAEP SHA-256 with this gateway's key) and is decrypted here and nowhere else;
 * 4000000000000010 approves, 4000000000000028 is refused, other numbers approve when they pass
 * the checks. A PIX charge carries its own random txid and stays pending until `confirmPix`. It
 * keeps its books in its own table.
 */
export function createSandboxGateway(options: {
  db: Db;
  dataDir: string;
  pix: PixConfig;
  /** How long a new charge takes to answer (PAYMENT_GATEWAY_DELAY_MS), as a real PSP's round trip. */
  delayMs?: number;
  now?: () => Date;
}): SandboxGateway {
  const { db, dataDir, pix, delayMs = 0 } = options;
  const roundTrip = () => (delayMs > 0 ? new Promise((resolve) => setTimeout(resolve, delayMs)) : Promise.resolve());
  const now = options.now ?? (() => new Date());
  let key: KeyObject | undefined;
  const privateKey = () => (key ??= loadOrCreateKey(dataDir));

  function decryptCard(cardHash: string): CardFields {
    let plain: Buffer;
    try {
      plain = privateDecrypt({ key: privateKey(), padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(cardHash, 'base64'));
    } catch {
      throw new GatewayInputError('card_hash', 'card_hash cannot be decrypted with the gateway key');
    }
    try {
      let data: unknown;
      try {
        data = JSON.parse(plain.toString('utf8'));
      } catch {
        throw new GatewayInputError('card_hash', 'card_hash does not hold card data');
      }
      return checkCard(data, now());
    } finally {
      plain.fill(0);
    }
  }

  return {
    name: 'sandbox',

    async publicKey() {
      return createPublicKey(privateKey()).export({ type: 'spki', format: 'pem' }).toString();
    },

    async createCardCharge({ orderId, amount, cardHash, idempotencyKey }) {
      await roundTrip();
      const existing = await findSandboxChargeByKey(db, idempotencyKey);
      if (existing) return toCharge(existing);
      const card = decryptCard(cardHash);
      const row: SandboxChargeRow = {
        id: `ch_${newId()}`,
        order_id: orderId,
        method: 'creditCard',
        amount_cents: amount,
        status: card.number === SANDBOX_REFUSED_CARD ? 'refused' : 'paid',
        idempotency_key: idempotencyKey,
        pix_text: null,
        pix_txid: null,
        card_last4: card.number.slice(-4),
        card_brand: brandOf(card.number),
      };
      await insertSandboxCharge(db, row);
      return toCharge(row);
    },

    async createPixCharge({ orderId, amount, idempotencyKey }) {
      await roundTrip();
      const existing = await findSandboxChargeByKey(db, idempotencyKey);
      if (existing) return toCharge(existing);
      const txid = newPixTxid();
      const row: SandboxChargeRow = {
        id: `ch_${newId()}`,
        order_id: orderId,
        method: 'pix',
        amount_cents: amount,
        status: 'pending',
        idempotency_key: idempotencyKey,
        pix_text: pixText(pix, amount, txid),
        pix_txid: txid,
        card_last4: null,
        card_brand: null,
      };
      await insertSandboxCharge(db, row);
      return toCharge(row);
    },

    async getCharge(id) {
      const row = await findSandboxCharge(db, id);
      return row && toCharge(row);
    },

    async findChargeByKey(idempotencyKey) {
      const row = await findSandboxChargeByKey(db, idempotencyKey);
      return row && toCharge(row);
    },

    async cancelCharge(id) {
      const row = await findSandboxCharge(db, id);
      if (!row) return undefined;
      if (row.status === 'pending' || row.status === 'processing') await setSandboxChargeStatus(db, id, 'canceled');
      else if (row.status === 'paid') await setSandboxChargeStatus(db, id, 'refunded');
      const updated = await findSandboxCharge(db, id);
      return updated && toCharge(updated);
    },

    parseWebhook(body) {
      if (typeof body !== 'object' || body === null) return null;
      const chargeId = (body as Record<string, unknown>)['charge_id'];
      return typeof chargeId === 'string' && /^ch_[A-Za-z0-9_-]{1,64}$/.test(chargeId) ? { chargeId } : null;
    },

    async confirmPix(chargeId) {
      const row = await findSandboxCharge(db, chargeId);
      if (!row) return undefined;
      if (row.method === 'pix' && row.status === 'pending') await setSandboxChargeStatus(db, row.id, 'paid');
      const updated = await findSandboxCharge(db, chargeId);
      return updated && toCharge(updated);
    },
  };
}
