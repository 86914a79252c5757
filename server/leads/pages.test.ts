import { describe, expect, test } from "vitest";

import { serviceAnswers as english } from "#app/content/en/service-answers.ts";
import { serviceAnswers as spanish } from "#app/content/es/service-answers.ts";
import { errorPage, fillHandoffLink } from "./pages.ts";

const composed = `https://wa.me/5491100000000?text=Hola%2C%20soy%20"Ana"%20<b>&amp`;

describe("fillHandoffLink", () => {
  test("replaces the href of the marked link, whatever the attribute order or marker value", () => {
    for (const tag of [
      `<a data-handoff-link="" href="https://wa.me/5491100000000" class="x">`,
      `<a class="x" href="https://wa.me/5491100000000" data-handoff-link>`,
      `<a href="https://wa.me/5491100000000" data-handoff-link="true" target="_blank">`,
    ]) {
      const filled = fillHandoffLink(`<p>${tag}Abrir WhatsApp</a></p>`, composed);
      expect(filled).toContain(
        `href="https://wa.me/5491100000000?text=Hola%2C%20soy%20&quot;Ana&quot;%20&lt;b&gt;&amp;amp"`,
      );
      expect(filled).not.toContain('href="https://wa.me/5491100000000"');
    }
  });

  test("leaves every other link alone", () => {
    const html = `<a href="https://wa.me/5491100000000">Contacto</a><a data-handoff-link="" href="https://wa.me/5491100000000">Abrir</a>`;
    const filled = fillHandoffLink(html, composed);
    expect(filled.startsWith(`<a href="https://wa.me/5491100000000">Contacto</a>`)).toBe(true);
  });
});

test("the error page is Spanish, unindexed, and shows visitor-influenced text only as text", () => {
  const html = errorPage({
    lang: "es",
    words: spanish,
    title: "No pudimos registrar tu consulta",
    message: `«<img src=x onerror=alert(1)>» admite hasta 200 caracteres.`,
    whatsappUrl: `https://wa.me/1?text="><script>alert(1)</script>`,
    stylesheets: ['<link rel="stylesheet" href="/assets/root.css">'],
    siteName: "Estudio",
  });
  expect(html).toContain('<html lang="es-AR">');
  expect(html).toContain('<meta name="robots" content="noindex">');
  expect(html).not.toMatch(/<img|<script/);
  expect(html).toContain("&lt;img src=x onerror=alert(1)&gt;");
  expect(html).toContain('href="https://wa.me/1?text=&quot;&gt;&lt;script&gt;');
});

test("a form posted from an English page gets its answer page in English", () => {
  const html = errorPage({
    lang: "en",
    words: english,
    title: english.failedTitle,
    message: english.invalid(["Full name"]),
    whatsappUrl: "https://wa.me/1?text=Hello",
    stylesheets: [],
    siteName: "Estudio",
  });
  expect(html).toContain('<html lang="en">');
  expect(html).toContain("Your answers are not lost");
  expect(html).toContain(">Open WhatsApp</a>");
  expect(html).toContain('<a href="/en" class="underline">Back to the home page</a>');
  expect(html).not.toMatch(/Volver|Abrir|respuestas/);
});
