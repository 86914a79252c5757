import { expect, test } from "vitest";

import { PublicationProgress } from "./publication-progress.ts";
import { PublishRefused } from "./refusals.ts";

const refusal = (error: unknown) => (error instanceof PublishRefused ? error.message : "falló");

/** A clock the test moves, and work the test finishes. */
function setUp() {
  let now = 1_000_000;
  const progress = new PublicationProgress(() => now);
  let finish!: (outcome: { number: number }) => void;
  let refuse!: (error: Error) => void;
  const work = () =>
    new Promise<{ number: number }>((resolve, reject) => {
      finish = resolve;
      refuse = reject;
    });
  return {
    progress,
    work,
    advance: (ms: number) => (now += ms),
    finish: (number: number) => finish({ number }),
    refuse: (error: Error) => refuse(error),
  };
}

test("a publication is under way, then done with its version and the seconds it took", async () => {
  const { progress, work, advance, finish } = setUp();
  const id = progress.start({ kind: "publicar" }, work, refusal);
  advance(3_400);
  expect(progress.view(id)).toEqual({ id, work: { kind: "publicar" }, state: "en-curso", seconds: 3 });
  expect(progress.running()?.id).toBe(id);
  advance(4_200);
  finish(5);
  await new Promise((resolve) => setImmediate(resolve));
  advance(60_000);
  expect(progress.view(id)).toEqual({
    id,
    work: { kind: "publicar" },
    state: "listo",
    seconds: 8,
    number: 5,
    pages: undefined,
  });
  expect(progress.running()).toBeUndefined();
});

test("a refusal is the job's outcome, in the owner's words", async () => {
  const { progress, work, refuse } = setUp();
  const id = progress.start({ kind: "publicar" }, work, refusal);
  refuse(new PublishRefused("No hay cambios para publicar."));
  await new Promise((resolve) => setImmediate(resolve));
  expect(progress.view(id)).toMatchObject({ state: "fallo", message: "No hay cambios para publicar." });
});

test("a held publication is shown and taken only by the session that asked, once, within the confirmation's window", () => {
  const { progress, advance } = setUp();
  const token = progress.hold({ kind: "publicar" }, "sesion-que-pidio");
  expect(token).toMatch(/^[\w-]{24}$/);
  expect(progress.peek(token, "otra-sesion")).toBeUndefined();
  expect(progress.take(token, "otra-sesion")).toBeUndefined();
  expect(progress.peek(token, "sesion-que-pidio")).toEqual({ kind: "publicar" });
  expect(progress.take(token, "sesion-que-pidio")).toEqual({ kind: "publicar" });
  expect(progress.take(token, "sesion-que-pidio")).toBeUndefined();

  const late = progress.hold({ kind: "deshacer", version: 2 }, "sesion-que-pidio");
  advance(16 * 60_000);
  expect(progress.peek(late, "sesion-que-pidio")).toBeUndefined();
  expect(progress.take(late, "sesion-que-pidio")).toBeUndefined();
  expect(progress.take("inventado", "sesion-que-pidio")).toBeUndefined();
});

test("an unknown id shows nothing", () => {
  expect(new PublicationProgress().view("nada")).toBeUndefined();
});
