import type { AddressInfo } from "node:net";
import { simpleParser, type AddressObject, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";

/** A message the stand-in accepted, as mailparser reads it. */
export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  messageId: string;
  parsed: ParsedMail;
}

export interface SmtpStandIn {
  /** smtp://127.0.0.1:<port>, for SMTP_URL. */
  url: string;
  received: ReceivedMail[];
  /** Refuses the next `n` messages with `code` (4xx: try later; 5xx: refused). */
  refuseNext(n: number, code?: number): void;
  /** How many messages it refused so far. */
  refused: number;
  close(): Promise<void>;
}

const addressesOf = (field: AddressObject | AddressObject[] | undefined): string[] =>
  (Array.isArray(field) ? field : field ? [field] : []).flatMap((a) => a.value.map((v) => v.address ?? ""));

/** An SMTP server on 127.0.0.1:0 that speaks the protocol, keeps what it receives, and refuses when told to. */
export async function startSmtpStandIn(): Promise<SmtpStandIn> {
  let toRefuse = 0;
  let refuseCode = 451;
  const standIn = {
    url: "",
    received: [] as ReceivedMail[],
    refused: 0,
    refuseNext(n: number, code = 451) {
      toRefuse = n;
      refuseCode = code;
    },
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onMailFrom(_address, _session, callback) {
      if (toRefuse > 0) {
        toRefuse--;
        standIn.refused++;
        const err = Object.assign(new Error(`Stand-in refuses this message (${refuseCode})`), {
          responseCode: refuseCode,
        });
        callback(err);
        return;
      }
      callback();
    },
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          standIn.received.push({
            to: addressesOf(parsed.to),
            subject: parsed.subject ?? "",
            text: parsed.text ?? "",
            html: typeof parsed.html === "string" ? parsed.html : "",
            messageId: parsed.messageId ?? "",
            parsed,
          });
          callback();
        })
        .catch((err: Error) => callback(err));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  standIn.url = `smtp://127.0.0.1:${port}`;
  return Object.assign(standIn, {
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
