import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';

/** What the test SMTP server does with a message's DATA: take it, refuse it, or hold it (never answer). */
export type DataAnswer = 'accept' | 'refuse' | 'stall';

export interface TestSmtp {
  url: string;
  /** Every message the server accepted, parsed, in order. */
  received: ParsedMail[];
  /** How many DATA commands came in (accepted, refused or held). */
  dataCount(): number;
  close(): Promise<void>;
}

/**
 * A real SMTP server (smtp-server) on `port` (a free one by default), with AUTH as a real one asks
 * for it, shared by the server tests and the browser tests' fixtures. `answer` decides each DATA
 * by its number (1, 2, ...); `onData` hears of each before it is answered.
 */
export async function startSmtp({
  port = 0,
  answer = () => 'accept',
  onData,
}: { port?: number; answer?: (n: number) => DataAnswer; onData?: (n: number, raw: Buffer) => void } = {}): Promise<TestSmtp> {
  const received: ParsedMail[] = [];
  let count = 0;
  const server = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth: (auth, _session, callback) => callback(null, { user: auth.username }),
    onData(stream: SMTPServerDataStream, _session: SMTPServerSession, callback: (error?: Error | null) => void) {
      const n = ++count;
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks);
        onData?.(n, raw);
        const decision = answer(n);
        if (decision === 'stall') return;
        if (decision === 'refuse') {
          const error = Object.assign(new Error('Mailbox busy, try later'), { responseCode: 451 });
          return callback(error);
        }
        simpleParser(raw).then((parsed) => {
          received.push(parsed);
          callback();
        }, callback);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.server.address();
  const listening = typeof address === 'object' && address ? address.port : port;
  return {
    url: `smtp://mailer:secret@127.0.0.1:${listening}`,
    received,
    dataCount: () => count,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first link of a message's plain text that starts with `prefix`. */
export function linkIn(mail: ParsedMail, prefix: string): string | undefined {
  return (mail.text ?? '').split(/\s+/).find((word) => word.startsWith(prefix));
}
