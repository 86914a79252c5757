import { expect, test } from "vitest";

import { composeMail, siteLink } from "./mail.ts";

const site = {
  businessName: "Estudio\r\nBcc: intruso@example.com",
  email: "contacto@example.com",
  siteUrl: "https://www.example.com/",
};

test("a name or subject with line breaks cannot add a header: each is one line", () => {
  const mail = composeMail(site, { subject: "Aviso\r\nBcc: intruso@example.com", blocks: [] });
  expect(mail.from).toEqual({ name: "Estudio Bcc: intruso@example.com", address: "contacto@example.com" });
  expect(mail.subject).toBe("Aviso Bcc: intruso@example.com");
});

test("every text is escaped once in the HTML part, links included, and plain in the text part", () => {
  const mail = composeMail(
    { ...site, businessName: `Río "&" <b>Sol</b>` },
    {
      subject: "<script>alert(1)</script>",
      blocks: [
        { paragraph: "<img src=x onerror=alert(2)>" },
        { list: [{ text: "<i>uno</i>", href: 'https://www.example.com/"><script>' }] },
        { table: [["<th>", "&amp;"]] },
      ],
    },
  );
  expect(mail.html).not.toMatch(/<(script|img|b|i)[ >]/);
  expect(mail.html).toContain("&lt;th&gt;");
  expect(mail.html).toContain("&lt;img src=x onerror=alert(2)&gt;");
  expect(mail.html).toContain('href="https://www.example.com/&quot;&gt;&lt;script&gt;"');
  expect(mail.html).toContain("&amp;amp;");
  expect(mail.html).toContain("Río &quot;&amp;&quot; &lt;b&gt;Sol&lt;/b&gt;, desde su sitio");
  expect(mail.text).toContain("<img src=x onerror=alert(2)>");
  expect(mail.text).toContain(`Río "&" <b>Sol</b>, desde su sitio: https://www.example.com/`);
});

test("links are built from the installer's address, one slash between", () => {
  expect(siteLink(site, "/bandeja/sitio")).toBe("https://www.example.com/bandeja/sitio");
  expect(siteLink({ siteUrl: "https://www.example.com" }, "/bandeja")).toBe(
    "https://www.example.com/bandeja",
  );
});
