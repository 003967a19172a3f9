import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import nodemailer from "nodemailer";

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

export interface MailerOptions {
  smtpUrl?: string;
  from: string;
  /** Without SMTP, each message is also saved here as JSON so the demo shop owner can read it. */
  outboxDir: string;
}

/**
 * Sends through SMTP when SMTP_URL is set. Otherwise nothing leaves the machine: the message is written to the
 * server log and saved in the outbox folder, so password resets work in the demo.
 */
export function createMailer({ smtpUrl, from, outboxDir }: MailerOptions): Mailer {
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
    return {
      async send(mail) {
        await transport.sendMail({ from, ...mail });
      },
    };
  }
  return {
    async send(mail) {
      mkdirSync(outboxDir, { recursive: true });
      const file = path.join(outboxDir, `${Date.now()}-${mail.to.replace(/[^a-z0-9@._-]/gi, "_")}.json`);
      writeFileSync(file, JSON.stringify({ from, ...mail, date: new Date().toISOString() }, null, 2));
      console.log(
        `[mail] No SMTP_URL set; message kept in ${file}\nTo: ${mail.to}\nSubject: ${mail.subject}\n\n${mail.text}\n`,
      );
    },
  };
}
