import type { AddressInfo } from "node:net";
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

/** A mail the test server took: the envelope's recipients and the parsed message. */
export interface ReceivedMail {
  recipients: string[];
  mail: ParsedMail;
}

/** An SMTP refusal as a server gives it: a reply code and its text. */
export function smtpRefusal(responseCode: number, text: string): Error {
  return Object.assign(new Error(text), { responseCode });
}

/**
 * A real SMTP server on a free local port (the `smtp-server` package), for the mail's tests: it keeps every mail
 * it takes, parsed, and answers each recipient as `answerRecipient` says (null: taken; an error: refused with its
 * code: `smtpRefusal(550, …)`).
 */
export async function startTestSmtpServer() {
  const received: ReceivedMail[] = [];
  const state = {
    answerRecipient: (_address: string, _attempt: number): Error | null => null,
    attempts: new Map<string, number>(),
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onRcptTo(address, _session, callback) {
      const attempt = (state.attempts.get(address.address) ?? 0) + 1;
      state.attempts.set(address.address, attempt);
      callback(state.answerRecipient(address.address, attempt) ?? undefined);
    },
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (mail) => {
          received.push({ recipients: session.envelope.rcptTo.map((to) => to.address), mail });
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** The mails taken for one address. */
    to: (address: string) => received.filter((entry) => entry.recipients.includes(address)),
    /** Sets how recipients are answered from now on (`attempt`: 1 for an address's first RCPT TO). */
    answerRecipients(answer: (address: string, attempt: number) => Error | null) {
      state.answerRecipient = answer;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
