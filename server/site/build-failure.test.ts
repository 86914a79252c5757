import { describe, expect, it } from "vitest";

import { buildFailure, buildFailureWords } from "./build-failure.ts";

describe("a failed build in the owner's words", () => {
  it("names the server, never her data, when the unit refused a program (the setpriv failure)", () => {
    const failure = buildFailure({
      code: 127,
      signal: null,
      output: "setpriv: activate capabilities: Operation not permitted",
    });
    const words = buildFailureWords(failure, "el sitio");
    expect(words).toMatch(/^El servidor no pudo construir el sitio: no tiene permiso/);
    expect(words).toContain("sigue publicada la versión anterior");
    expect(words).toContain("Avisá a quien instaló el servidor");
    expect(words).not.toContain("con estos datos");
  });

  it.each([
    [{ code: 1, output: "Error: ENOSPC: no space left on device, write" }, "se quedó sin espacio en el disco"],
    [{ code: null, signal: "SIGKILL" as const, output: "" }, "se quedó sin memoria"],
    [{ code: 134, output: "FATAL ERROR: Reached heap limit Allocation failed - JavaScript heap out of memory" }, "se quedó sin memoria"],
    [{ code: -2, output: "", startError: "spawn node ENOENT" }, "no pudo poner en marcha la construcción"],
    [{ code: 1, output: "EROFS: read-only file system, open '/opt/tasaciones/x'" }, "no tiene permiso"],
  ])("recognises %j", (exit, reason) => {
    expect(buildFailureWords(buildFailure(exit), "la vista previa")).toContain(
      `El servidor no pudo construir la vista previa: ${reason}`,
    );
  });

  it("an unrecognised failure still says the server and that her changes are kept", () => {
    const words = buildFailureWords(buildFailure({ code: 1, output: "something else" }), "el sitio");
    expect(words).toMatch(/^No se pudo construir el sitio por un problema del servidor\./);
    expect(words).toContain("Tus cambios están bien y quedaron guardados");
  });
});
