import { Readable } from "node:stream";

import MailComposer from "nodemailer/lib/mail-composer";
import { parseConnectionUrl } from "nodemailer/lib/shared";
import SMTPConnection from "nodemailer/lib/smtp-connection";

import type { VisitMail } from "./visit-mail.ts";

/**
 * Sends an e-mail whose acceptance waits for the caller's commit (decision 0041). SMTP accepts
 * a message only at the line with a single dot that ends its data; a connection that drops
 * before it leaves nothing delivered. So the whole message goes to the server first, then
 * `commit` runs (the reminder is marked sent in the database), and only then the final dot:
 * a process killed before the commit delivered nothing and its reminder is still unsent; a
 * commit refused (another round took the reminder over) ends the data without the dot.
 * What is left is the instant between the commit and writing the dot to the socket (the same
 * turn of the event loop): a kill exactly there loses that reminder, it never repeats one.
 */
export type HeldMailer = (
  mail: VisitMail & { messageId?: string },
  commit: () => Promise<void>,
) => Promise<void>;

export function smtpHeldMailer(smtpUrl: string): HeldMailer {
  const options = {
    ...parseConnectionUrl(smtpUrl),
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  };
  return async (mail, commit) => {
    const message = await new MailComposer({
      from: mail.from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      messageId: mail.messageId,
      // `visita.ics` as text/calendar with its METHOD (RFC 6047), shown by mail apps as an invitation.
      ...(mail.calendar
        ? {
            icalEvent: {
              method: mail.calendar.method.toLowerCase(),
              filename: "visita.ics",
              content: mail.calendar.content,
            },
          }
        : {}),
    })
      .compile()
      .build();
    const connection = new SMTPConnection(options);
    // Every error the connection reports fails the step in progress; none is left unheard.
    let failStep: (error: Error) => void = () => {};
    connection.on("error", (error: Error) => failStep(error));
    const step = (start: (done: (error?: Error | null) => void) => void) =>
      new Promise<void>((resolve, reject) => {
        failStep = reject;
        start((error) => (error ? reject(error) : resolve()));
      });
    try {
      await step((done) => connection.connect(() => done()));
      if (options.auth)
        await step((done) =>
          connection.login(options.auth as SMTPConnection.AuthenticationCredentials, (error) => done(error)),
        );
      await step((done) =>
        connection.send({ from: mail.from.address, to: mail.to }, heldMessage(message, commit), (error) =>
          done(error),
        ),
      );
      connection.quit();
    } catch (error) {
      connection.close();
      throw error;
    }
  };
}

/**
 * The message as a stream the SMTP connection reads once the server said «go ahead» (354): the
 * whole message at the first read, and at the next read (the message handed to the socket) the
 * commit, then the end that sends the dot. A failed commit ends the stream with its error.
 */
function heldMessage(message: Buffer, commit: () => Promise<void>): Readable {
  let reads = 0;
  return new Readable({
    read() {
      reads += 1;
      if (reads === 1) {
        this.push(message);
        return;
      }
      if (reads !== 2) return;
      commit().then(
        () => this.push(null),
        (error: unknown) => this.destroy(error instanceof Error ? error : new Error(String(error))),
      );
    },
  });
}
