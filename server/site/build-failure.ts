/**
 * Why a site build failed, in the owner's words. The data is checked before any build starts
 * (refuseProblems), so a build that fails afterwards is the server's doing far more often than
 * hers: a program it cannot run, a folder it cannot write, a full disk, memory. Those say «el
 * servidor no pudo …» and what to do; none of them blames her data.
 */
export class BuildFailed extends Error {
  /** The server's reason in the owner's words, when the failure is recognisably the server's. */
  readonly serverReason: string | undefined;
  constructor(message: string, serverReason: string | undefined) {
    super(message);
    this.name = "BuildFailed";
    this.serverReason = serverReason;
  }
}

/** Recognisable signs in a build's exit and last output, the first that matches wins. */
const serverSigns: { test: (exit: BuildExit) => boolean; reason: string }[] = [
  {
    test: ({ startError }) => startError !== undefined,
    reason: "no pudo poner en marcha la construcción",
  },
  {
    test: ({ output }) => /ENOSPC|No space left on device|disk quota/i.test(output),
    reason: "se quedó sin espacio en el disco",
  },
  {
    test: ({ output, signal }) =>
      signal === "SIGKILL" || /ENOMEM|heap out of memory|Cannot allocate memory/i.test(output),
    reason: "se quedó sin memoria o detuvo la construcción",
  },
  {
    test: ({ output, code }) =>
      code === 126 ||
      code === 127 ||
      /EACCES|EPERM|EROFS|Operation not permitted|Permission denied|Read-only file system|command not found/i.test(
        output,
      ),
    reason: "no tiene permiso para ejecutar o escribir lo que la construcción necesita",
  },
  {
    test: ({ signal }) => signal !== null && signal !== undefined,
    reason: "detuvo la construcción antes de que terminara",
  },
];

export type BuildExit = {
  code: number | null;
  signal?: NodeJS.Signals | null;
  /** The build's last output (its end holds the error). */
  output: string;
  /** Set when the build's first process could not be started at all. */
  startError?: string;
};

export function buildFailure(exit: BuildExit): BuildFailed {
  const how = exit.startError ?? exit.signal ?? `código ${exit.code}`;
  const serverReason = serverSigns.find((sign) => sign.test(exit))?.reason;
  return new BuildFailed(`La construcción del sitio falló (${how}):\n${exit.output}`, serverReason);
}

/** What the owner reads when building `what` («el sitio», «la vista previa») failed. */
export function buildFailureWords(error: unknown, what: "el sitio" | "la vista previa"): string {
  const keeps =
    what === "el sitio"
      ? "Tus cambios están bien y quedaron guardados; sigue publicada la versión anterior."
      : "Tus cambios están bien y quedaron guardados; el sitio publicado no cambió.";
  if (error instanceof BuildFailed && error.serverReason)
    return `El servidor no pudo construir ${what}: ${error.serverReason}. ${keeps} Avisá a quien instaló el servidor: el diagnóstico del servidor dice qué arreglar.`;
  return `No se pudo construir ${what} por un problema del servidor. ${keeps} Probá de nuevo en unos minutos; si vuelve a pasar, avisá a quien instaló el servidor.`;
}
