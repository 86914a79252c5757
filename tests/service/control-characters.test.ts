import { rmSync } from "node:fs";

import { afterAll, describe, expect, test } from "vitest";

import { composeMessage } from "../../app/features/leads/compose-message.ts";
import { valuationForm } from "../../app/features/leads/forms/valuation.ts";
import { startService } from "../../scripts/service-process.ts";
import { Store } from "../../server/storage/store.ts";
import { storageBackends } from "../tools/storage-backends.ts";
import { writeFixtureBuild } from "./fixture-build.ts";
import { formEncoded, json, send, urlEncoded } from "./http-client.ts";

/**
 * NUL and the other C0 control characters (the audit's item 7): PostgreSQL
 * refused a NUL and lost the lead, SQLite cut the name at it. Both databases
 * now store the same cleaned text, which is also what the WhatsApp message
 * carries; never a 5xx for text.
 */
const buildDir = writeFixtureBuild();
afterAll(() => rmSync(buildDir, { recursive: true, force: true }));

const typed = {
  torre: "Otro",
  ambientes: "3",
  vista: "Río",
  nombre: "Ana\u0000 María\u0007 Pérez\u001b",
  whatsapp: "11 5555\u0000 0000",
  email: "ana@example.com",
  comentarios: "Primera línea\r\n\tcon sangría\u0000\u000b y un DEL\u007f.",
};
const cleaned = {
  ...typed,
  nombre: "Ana María Pérez",
  whatsapp: "11 5555 0000",
  comentarios: "Primera línea\n\tcon sangría y un DEL.",
};

describe.each(storageBackends("control"))("control characters on $name", (backend) => {
  test(
    "are removed before storage, the same as the WhatsApp message; the lead gets 201",
    { timeout: 90_000 },
    async () => {
      const options = await backend.options();
      const service = await startService({
        BUILD_DIR: buildDir,
        LEADS_DATA_DIR: options.dataDir,
        ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
      });
      const store = await Store.open(options);
      try {
        const response = await send(`${service.baseUrl}/api/form/submit/valuation`, {
          headers: { ...formEncoded, ...json },
          body: urlEncoded(typed),
        });
        expect(response.status).toBe(201);
        const lead = await store.leads.get((JSON.parse(response.body) as { id: string }).id);
        const expected = Object.fromEntries(
          valuationForm.sections.flatMap((section) => section.fields.map((field) => [field.name, ""])),
        );
        expect(lead?.values).toEqual({ ...expected, ...cleaned });
        expect(lead?.contact.name).toBe("Ana María Pérez");
        expect(composeMessage(valuationForm, typed)).toBe(composeMessage(valuationForm, lead!.values));
      } finally {
        await store.close();
        await service.stop();
      }
    },
  );
});
