import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type SendMailOptions } from 'nodemailer';
import type { MailConfig } from '../config.ts';
import type { BuiltMessage } from './message.ts';

// Where messages go: the SMTP server of SMTP_URL, or, without one, `.eml` files in
// `<dataDir>/mailbox` (any mail program opens them), so `npm start` needs no mail server.

export interface OutgoingMail extends BuiltMessage {
  /** The outbox row's id: the file name in the local mailbox. */
  id: string;
  messageId: string;
  to: string;
  /** The row's creation: a message sent again carries the same Date. */
  date: Date;
  unsubscribeUrl: string;
}

export interface Mailer {
  /** Where messages go, for the start-up log. */
  readonly destination: string;
  send(mail: OutgoingMail): Promise<void>;
  /** Removes what a crashed send left behind (the local mailbox's unfinished files); answers their names. */
  sweep(): Promise<string[]>;
  close(): void;
}

/** An SMTP server that stops answering mid-message fails the try after this long (then it is retried). */
const SMTP_SOCKET_TIMEOUT_MS = 60_000;
/**
 * A mailbox file still named `.part` this long after its last write was left by a crashed send (a
 * write takes milliseconds; a younger one may be another live instance's, sharing DATA_DIR).
 */
const STALE_PART_MS = 60_000;

function options(from: string, mail: OutgoingMail): SendMailOptions {
  return {
    from,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    messageId: mail.messageId,
    date: mail.date,
    headers: {
      'List-Unsubscribe': `<${mail.unsubscribeUrl}>`,
      // RFC 8058: mail programs unsubscribe with one POST, no page to visit.
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

export function createMailer(config: MailConfig, dataDir: string): Mailer {
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport({ url: config.smtpUrl, socketTimeout: SMTP_SOCKET_TIMEOUT_MS });
    const { host, port } = new URL(config.smtpUrl);
    return {
      destination: `the SMTP server ${host}${port ? `:${port}` : ''}`,
      send: async (mail) => {
        await transport.sendMail(options(config.from, mail));
      },
      sweep: () => Promise.resolve([]),
      close: () => transport.close(),
    };
  }
  const mailbox = path.join(dataDir, 'mailbox');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    destination: `the local mailbox ${mailbox} (.eml files; set SMTP_URL to send them)`,
    send: async (mail) => {
      const info = await transport.sendMail(options(config.from, mail));
      await fs.mkdir(mailbox, { recursive: true });
      // Written whole, then named: a crash never leaves half a message; a resend replaces it.
      const file = path.join(mailbox, `${mail.id}.eml`);
      await fs.writeFile(`${file}.part`, info.message as Buffer);
      await fs.rename(`${file}.part`, file);
    },
    // Its row was never marked sent, so it is sent again whole; the half written goes.
    sweep: async () => {
      const names = (await fs.readdir(mailbox).catch(() => [])).filter((name) => name.endsWith('.eml.part'));
      const removed: string[] = [];
      for (const name of names) {
        const file = path.join(mailbox, name);
        const stat = await fs.stat(file).catch(() => undefined);
        if (!stat || Date.now() - stat.mtimeMs < STALE_PART_MS) continue;
        await fs.rm(file, { force: true });
        removed.push(name);
      }
      return removed;
    },
    close: () => transport.close(),
  };
}
