import { BlockList, isIP } from "node:net";

import { z } from "zod";

/**
 * The lead service's run-time settings, read once from the environment at
 * start (the site's own facts come from app/config/site-config.ts). Every
 * variable is documented in the README's configuration table.
 */
export type ServiceConfig = {
  /** SQLite folder (LEADS_DATA_DIR); unused when `databaseUrl` is set. */
  dataDir: string;
  /** PostgreSQL connection string (DATABASE_URL). */
  databaseUrl?: string;
  /** E-mail notifications: both or neither. */
  smtp?: { url: string; to: string[] };
  webhook?: { url: string; secret: string };
  /** Submissions per minute per client address; 0 turns the limit off. */
  rateLimitPerMinute: number;
  /** Proxies on other machines whose X-Forwarded-For is believed (LEADS_TRUSTED_PROXIES; never loopback). */
  trustedProxies: BlockList;
  /**
   * What our own nginx sends to prove it is nginx (LEADS_PROXY_SECRET, written by deploy/install.sh);
   * the doctor reads health's details with it too (server/leads/client-address.ts, decision 0040).
   */
  proxySecret?: string;
  /** The owner's Monday summary (LEADS_WEEKLY_SUMMARY, on by default): only with `smtp`. */
  weeklySummary: boolean;
  /** Off-site copies (LEADS_BACKUP_URL), encrypted to LEADS_BACKUP_RECIPIENT; see server/backup/. */
  backup?: { url: string; recipient: string };
};

export class ServiceConfigError extends Error {
  constructor(problems: string[]) {
    super(`Configuración del servicio de leads inválida:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "ServiceConfigError";
  }
}

type Environment = Record<string, string | undefined>;

const emailList = z
  .string()
  .transform((value) =>
    value
      .split(",")
      .map((item) => item.trim())
      .filter(Boolean),
  )
  .pipe(z.array(z.email("debe ser una lista de emails separados por comas")).min(1));

export function loadServiceConfig(env: Environment): ServiceConfig {
  const problems: string[] = [];
  const value = (name: string) => env[name]?.trim() || undefined;

  const rateLimit = value("LEADS_RATE_LIMIT") ?? "10";
  const rateLimitPerMinute = Number(rateLimit);
  if (!/^\d+$/.test(rateLimit)) problems.push(`LEADS_RATE_LIMIT=${rateLimit}: un entero, 0 lo desactiva`);

  const databaseUrl = value("DATABASE_URL");
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl))
    problems.push("DATABASE_URL: debe empezar con postgres:// o postgresql://");

  let smtp: ServiceConfig["smtp"];
  const smtpUrl = value("SMTP_URL");
  const notifyTo = value("LEADS_NOTIFY_TO");
  if (smtpUrl && notifyTo) {
    const to = emailList.safeParse(notifyTo);
    if (!/^smtps?:\/\//.test(smtpUrl)) problems.push("SMTP_URL: debe empezar con smtp:// o smtps://");
    if (!to.success) problems.push(`LEADS_NOTIFY_TO=${notifyTo}: debe ser una lista de emails`);
    else smtp = { url: smtpUrl, to: to.data };
  } else if (smtpUrl || notifyTo) {
    problems.push("SMTP_URL y LEADS_NOTIFY_TO van juntos: definí las dos o ninguna");
  }

  let webhook: ServiceConfig["webhook"];
  const webhookUrl = value("LEADS_WEBHOOK_URL");
  const webhookSecret = value("LEADS_WEBHOOK_SECRET");
  if (webhookUrl) {
    if (!URL.canParse(webhookUrl) || !/^https?:$/.test(new URL(webhookUrl).protocol))
      problems.push("LEADS_WEBHOOK_URL: debe ser una URL http(s) absoluta");
    if (!webhookSecret || webhookSecret.length < 16)
      problems.push("LEADS_WEBHOOK_SECRET: obligatorio con LEADS_WEBHOOK_URL, de al menos 16 caracteres");
    else webhook = { url: webhookUrl, secret: webhookSecret };
  }

  const trustedProxies = new BlockList();
  for (const entry of (value("LEADS_TRUSTED_PROXIES") ?? "").split(",").map((item) => item.trim())) {
    if (!entry) continue;
    const [address = "", prefix] = entry.split("/");
    const family = isIP(address);
    const bits = prefix === undefined ? undefined : Number(prefix);
    if (family === 0 || (bits !== undefined && !(bits >= 0 && bits <= (family === 4 ? 32 : 128)))) {
      problems.push(`LEADS_TRUSTED_PROXIES: "${entry}" no es una dirección IP ni un rango CIDR`);
      continue;
    }
    const type = family === 4 ? "ipv4" : "ipv6";
    if (bits === undefined) trustedProxies.addAddress(address, type);
    else trustedProxies.addSubnet(address, bits, type);
  }

  const proxySecret = value("LEADS_PROXY_SECRET");
  if (proxySecret !== undefined && !/^[A-Za-z0-9_-]{32,256}$/.test(proxySecret))
    problems.push(
      "LEADS_PROXY_SECRET: de 32 a 256 letras, cifras, - o _ (por ejemplo, lo que imprime openssl rand -hex 32)",
    );

  const weeklySummary = value("LEADS_WEEKLY_SUMMARY") ?? "on";
  if (weeklySummary !== "on" && weeklySummary !== "off")
    problems.push(`LEADS_WEEKLY_SUMMARY=${weeklySummary}: on u off`);

  let backup: ServiceConfig["backup"];
  const backupUrl = value("LEADS_BACKUP_URL");
  const backupRecipient = value("LEADS_BACKUP_RECIPIENT");
  if (backupUrl && !backupRecipient)
    problems.push(
      "LEADS_BACKUP_URL sin LEADS_BACKUP_RECIPIENT: las copias se cifran con la clave pública del titular (age1…, ver docs/deploy.md), definila o quitá la URL",
    );
  else if (backupRecipient && !backupUrl)
    problems.push(
      "LEADS_BACKUP_RECIPIENT sin LEADS_BACKUP_URL: definí dónde guardar las copias o quitá la clave",
    );
  else if (backupUrl && backupRecipient) {
    const urlProblem = backupUrlProblem(backupUrl);
    if (urlProblem) problems.push(`LEADS_BACKUP_URL=${backupUrl}: ${urlProblem}`);
    if (!/^age1[02-9ac-hj-np-z]{58}$/.test(backupRecipient))
      problems.push(
        `LEADS_BACKUP_RECIPIENT=${backupRecipient}: debe ser una clave pública de age (age1… de 62 caracteres, la que imprime npm run backup:keygen)`,
      );
    if (!urlProblem) backup = { url: backupUrl, recipient: backupRecipient };
  }

  if (problems.length > 0) throw new ServiceConfigError(problems);
  return {
    dataDir: value("LEADS_DATA_DIR") ?? "data",
    databaseUrl,
    smtp,
    webhook,
    rateLimitPerMinute,
    trustedProxies,
    proxySecret,
    weeklySummary: smtp !== undefined && weeklySummary === "on",
    backup,
  };
}

function backupUrlProblem(url: string): string | undefined {
  if (!URL.canParse(url)) return "no es una URL (s3://BUCKET/PREFIJO o file:///RUTA/ABSOLUTA)";
  const parsed = new URL(url);
  if (parsed.protocol === "s3:") return parsed.hostname ? undefined : "falta el bucket (s3://BUCKET/PREFIJO)";
  if (parsed.protocol === "file:")
    return parsed.host === "" && parsed.pathname.length > 1 ? undefined : "debe ser file:///RUTA/ABSOLUTA";
  return "debe empezar con s3:// o file://";
}
