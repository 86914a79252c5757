import { describe, expect, it } from "vitest";

import { hashPassword, passwordProblem, verifyPassword } from "./password.ts";

describe("owner password", () => {
  it("verifies the password it hashed, and nothing else", async () => {
    const stored = await hashPassword("correct horse battery");
    expect(stored).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(await verifyPassword("correct horse battery", stored)).toBe(true);
    expect(await verifyPassword("correct horse batterY", stored)).toBe(false);
    expect(await verifyPassword("", stored)).toBe(false);
  });

  it("salts every hash", async () => {
    expect(await hashPassword("correct horse battery")).not.toBe(await hashPassword("correct horse battery"));
  });

  it("reads accented passwords the same whichever way they were composed", async () => {
    const stored = await hashPassword("contrase\u00f1a segura");
    expect(await verifyPassword("contrasen\u0303a segura", stored)).toBe(true);
  });

  it("refuses a malformed stored hash", async () => {
    expect(await verifyPassword("anything at all", "plain-text")).toBe(false);
  });

  it("asks for at least 12 characters, counted as the owner sees them, in Spanish", () => {
    expect(passwordProblem("corta")).toBe(
      "La contraseña es demasiado corta: tiene 5 caracteres y necesita al menos 12.",
    );
    expect(passwordProblem("🔑🔑🔑🔑🔑🔑🔑🔑🔑🔑🔑")).toMatch(/tiene 11 caracteres/);
    expect(passwordProblem("            ")).toBe("La contraseña no puede ser solo espacios.");
    expect(passwordProblem("doce letras!")).toBeNull();
    expect(passwordProblem("x".repeat(1025))).toMatch(/demasiado larga/);
  });

  it("refuses what the login form could never send: line breaks, tabs, other control characters", () => {
    for (const password of [
      "doce letras!\nmás",
      "línea uno\r\nlínea dos",
      "con\ttabulación!",
      "nulo\u0000nulo1234",
      "borrar\u007fletras",
    ])
      expect(passwordProblem(password), JSON.stringify(password)).toMatch(/caracteres de control/);
  });
});
