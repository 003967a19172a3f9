import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import nodemailer from "nodemailer";

export interface Mail {
  /** One address, or several (an admins' message goes to every admin at once). */
  to: string | string[];
  subject: string;
  text: string;
  html?: string;
  /** A stable Message-ID (`<…@…>`): a message sent again after a crash is recognisably the same one. */
  messageId?: string;
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
    // Bounded waits (nodemailer's own are minutes): the order e-mails' job leases a message for longer than a send
    // can take. Settings in SMTP_URL's query still win.
    const transport = nodemailer.createTransport({
      url: smtpUrl,
      connectionTimeout: 30_000,
      greetingTimeout: 30_000,
      socketTimeout: 60_000,
    });
    return {
      async send(mail) {
        await transport.sendMail({ from, ...mail });
      },
    };
  }
  return {
    async send(mail) {
      mkdirSync(outboxDir, { recursive: true });
      const to = Array.isArray(mail.to) ? mail.to.join(",") : mail.to;
      // Two messages in one millisecond to one address keep two files when they carry a Message-ID.
      const name = [Date.now(), mail.messageId?.replace(/@.*$/, ""), to].filter(Boolean).join("-");
      const file = path.join(outboxDir, `${name.replace(/[^a-z0-9@._-]/gi, "_")}.json`);
      writeFileSync(file, JSON.stringify({ from, ...mail, date: new Date().toISOString() }, null, 2));
      console.log(
        `[mail] No SMTP_URL set; message kept in ${file}\nTo: ${to}\nSubject: ${mail.subject}\n\n${mail.text}\n`,
      );
    },
  };
}
