import { type AddressInfo, createServer } from "node:net";

import { SMTPServer } from "smtp-server";

import { parseMail, type MailMessage } from "./mail-message.ts";

/** What a real SMTP server on loopback received: envelope and the message as a mail client reads it. */
export type Received = { from: string; to: string[]; message: MailMessage };

/** A real SMTP server (smtp-server) on loopback that keeps every message it gets. */
export async function startSmtpCatcher(port = 0): Promise<{
  port: number;
  received: Received[];
  messages: MailMessage[];
  /** Messages whose data began, kept or not (one cut off before its final dot is not kept). */
  begun: () => number;
  /** The next `count` messages are read whole and then refused (451), as a busy server does. */
  refuseNext: (count: number) => void;
  stop: () => Promise<void>;
}> {
  const received: Received[] = [];
  /** The same messages alone, in the order they came. */
  const messages: MailMessage[] = [];
  let begun = 0;
  let refusals = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["AUTH", "STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      begun += 1;
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        if (refusals > 0) {
          refusals -= 1;
          callback(Object.assign(new Error("Falla temporal, intente más tarde"), { responseCode: 451 }));
          return;
        }
        const message = parseMail(Buffer.concat(chunks).toString("utf8"));
        messages.push(message);
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          message,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const address = server.server.address() as { port: number };
  const stop = () => new Promise<void>((resolve) => server.close(() => resolve()));
  const refuseNext = (count: number) => {
    refusals = count;
  };
  return { port: address.port, received, messages, begun: () => begun, refuseNext, stop };
}

/**
 * A mail server that cannot be talked to: it holds a loopback port (so no other test's server can
 * take it while the test runs, as a merely free port could) and closes every connection at once.
 */
export async function startRefusingMailServer(): Promise<{ port: number; stop: () => Promise<void> }> {
  const server = createServer((socket) => socket.destroy());
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { port, stop: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
