import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { until, WAIT_CEILING_MS } from './until';

export interface ReceivedMail {
  to: string[];
  raw: string;
  /** the text body, with quoted-printable soft breaks and escapes undone */
  text: string;
  subject: string;
}

const decodeQuotedPrintable = (s: string) =>
  s.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16)));

/** A real SMTP server on loopback that keeps what it receives; tests point SMTP_URL at it (`port`: a given one, to play a mail server coming back). */
export async function startSmtp(port = 0): Promise<{ url: string; mails: ReceivedMail[]; waitFor(to: string, timeoutMs?: number): Promise<ReceivedMail>; close(): Promise<void> }> {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const [head = '', ...body] = raw.split(/\r?\n\r?\n/);
        mails.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          subject: /^Subject: (.*)$/m.exec(head)?.[1] ?? '',
          text: decodeQuotedPrintable(body.join('\n\n')),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const bound = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${bound}`,
    mails,
    // a ceiling, not a wait: a machine busy with other work is slow to send (5 s was the bound before)
    async waitFor(to, timeoutMs = WAIT_CEILING_MS) {
      let found: (typeof mails)[number] | undefined;
      await until(() => (found = mails.find((m) => m.to.includes(to))) !== undefined, `a mail to ${to}`, timeoutMs);
      return found!;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
