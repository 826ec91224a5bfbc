import nodemailer from "nodemailer";

/** A mail as it leaves: one recipient, its language, the subject, and the plain text and HTML parts. */
export interface OutgoingMail {
  to: string;
  language: string;
  subject: string;
  text: string;
  html: string;
}

/** Hands mails to the SMTP server; throws what the server or the connection said (see `mailFailure`). */
export interface MailTransport {
  send(mail: OutgoingMail): Promise<void>;
}

/**
 * What a failed send means for the mail:
 * - `refused`: the server refused the recipient for good (5xx to RCPT TO): the address is marked refused;
 * - `temporary`: the server put it off (4xx) or could not be reached: the job retries it later;
 * - `permanent`: any other refusal (5xx to the message, a failed sign-in to the server): retrying would not help.
 */
export interface MailFailure {
  kind: "refused" | "temporary" | "permanent";
  reason: string;
}

/** The connection errors after which the server has not taken the message (nodemailer's codes). */
const CONNECTION_ERRORS = new Set(["ECONNECTION", "ESOCKET", "ETIMEDOUT", "EDNS"]);

/** Reads a failed send's error (nodemailer's `responseCode`, `command`, `code`) as one of the three outcomes. */
export function mailFailure(error: unknown): MailFailure {
  const { responseCode, command, code, response, message } = (error ?? {}) as {
    responseCode?: number;
    command?: string;
    code?: string;
    response?: string;
    message?: string;
  };
  const reason = (response || message || String(error)).slice(0, 1000);
  if (typeof responseCode === "number" && responseCode >= 500) {
    return { kind: command === "RCPT TO" ? "refused" : "permanent", reason };
  }
  if (typeof responseCode === "number" && responseCode >= 400) return { kind: "temporary", reason };
  if (code && CONNECTION_ERRORS.has(code)) return { kind: "temporary", reason };
  return { kind: "permanent", reason };
}

/**
 * The SMTP transport of `SMTP_URL` (smtp:// with STARTTLS when offered, smtps:// with TLS), or null when none is
 * configured: the mails are then kept in the outbox. One connection a mail (no pool): mails are few, and nothing
 * stays open for a stopping process to close.
 */
export function createMailTransport(smtpUrl: string | undefined, from: string): MailTransport | null {
  if (!smtpUrl) return null;
  const transporter = nodemailer.createTransport(
    {
      url: smtpUrl,
      connectionTimeout: 30_000,
      greetingTimeout: 30_000,
      socketTimeout: 60_000,
    },
    { from },
  );
  return {
    async send(mail) {
      await transporter.sendMail({
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        headers: { "Content-Language": mail.language },
      });
    },
  };
}
