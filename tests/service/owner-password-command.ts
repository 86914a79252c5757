import { spawn } from "node:child_process";
import { join } from "node:path";
import { clockEnvironment } from "../../scripts/service-process.ts";

/**
 * `npm run owner:password` as the owner's administrator runs it, without blocking the test's
 * process: an SMTP server started by the test answers the e-mail the command sends.
 */
export function runOwnerPassword(options: {
  dataDir: string;
  smtpUrl: string;
  password: string;
}): Promise<{ status: number | null; stdout: string; stderr: string }> {
  const script = join(import.meta.dirname, "..", "..", "server", "owner-password.ts");
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      ["--disable-warning=ExperimentalWarning", script, "titular@example.com"],
      {
        env: {
          PATH: process.env.PATH,
          ...clockEnvironment(),
          LEADS_DATA_DIR: options.dataDir,
          SMTP_URL: options.smtpUrl,
          LEADS_NOTIFY_TO: "titular@example.com",
        },
      },
    );
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("close", (status) => resolve({ status, stdout, stderr }));
    child.stdin.end(options.password);
  });
}
