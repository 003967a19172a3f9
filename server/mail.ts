import { randomBytes } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import nodemailer from "nodemailer";
import { currentLog } from "./log/request-context";

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
  /** Without SMTP, each message is saved here as JSON (`npm run admin -- outbox` reads them). */
  outboxDir: string;
  /**
   * A live store (server/config.ts's `storeMode`): without SMTP its messages are kept, never printed. Their
   * content is private (a delivery address, a reset link that opens an account) and a log is read by many.
   */
  live: boolean;
  /** Where a live store says that a message was kept: one line, without its content. */
  note?: (line: string) => void;
}

/**
 * Sends through SMTP when SMTP_URL is set. Otherwise nothing leaves the machine: the message is saved in the
 * outbox folder; the demo also prints it in the server log, so password resets work on a laptop, while a live
 * store logs only that a message was kept.
 */
export function createMailer({ smtpUrl, from, outboxDir, live, note = keptNote }: MailerOptions): Mailer {
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
      // Two messages in one millisecond to one address keep two files: a Message-ID, else a random part, tells them apart.
      const name = [Date.now(), mail.messageId?.replace(/@.*$/, "") ?? randomBytes(4).toString("hex"), to].join("-");
      const file = path.join(outboxDir, `${name.replace(/[^a-z0-9@._-]/gi, "_")}.json`);
      writeFileSync(file, JSON.stringify({ from, ...mail, date: new Date().toISOString() }, null, 2));
      if (live) note("No SMTP_URL set: an e-mail was kept in the outbox; read it with npm run admin -- outbox");
      else {
        console.log(
          `[mail] No SMTP_URL set; message kept in ${file}\nTo: ${to}\nSubject: ${mail.subject}\n\n${mail.text}\n`,
        );
      }
    },
  };
}

/** A line for whoever reads the log: the request's log, or the process's output outside a request. */
export function keptNote(line: string): void {
  const log = currentLog();
  if (log) log.warn(line);
  else console.warn(line);
}
