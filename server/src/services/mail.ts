import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import nodemailer, { type SendMailOptions, type Transporter } from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** Delivers a message now (SMTP, or a file of the outbox); services/mailQueue.ts decides when. */
export interface Mailer {
  send(mail: Mail): Promise<void>;
  /** resolves when the mail server takes a session (the outbox: its folder can be made); absent: not asked */
  verify?(): Promise<void>;
  close(): void;
}

/**
 * SMTP_URL when set; otherwise every message is written as an .eml file in DATA_DIR/outbox, so a
 * fresh install can read the first reset link without a mail server.
 */
export function createMailer(opts: { smtpUrl: string | null; from: string; dataDir: string }): Mailer {
  let transport: Transporter;
  let verify: () => Promise<void>;
  if (opts.smtpUrl) {
    transport = nodemailer.createTransport(opts.smtpUrl);
    verify = async () => {
      await transport.verify();
    };
  } else {
    // made with the first message: a node that sends none writes nothing under DATA_DIR
    const outbox = join(opts.dataDir, 'outbox');
    verify = async () => {
      const { mkdir } = await import('node:fs/promises');
      await mkdir(outbox, { recursive: true });
    };
    const stream = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
    transport = {
      sendMail: async (message: SendMailOptions) => {
        const info = await stream.sendMail(message);
        const { mkdir, writeFile } = await import('node:fs/promises');
        await mkdir(outbox, { recursive: true });
        const file = join(outbox, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID()}.eml`);
        await writeFile(file, info.message as Buffer);
        return info;
      },
      close: () => stream.close(),
    } as unknown as Transporter;
  }
  return {
    async send(mail) {
      await transport.sendMail({ from: opts.from, ...mail });
    },
    verify,
    close: () => transport.close(),
  };
}
