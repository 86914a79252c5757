/** A WebAuthn answer as the browser library wrote it (the form's `respuesta`); anything else is nothing. */
export function passkeyAnswer(form: FormData): unknown {
  const value = form.get("respuesta");
  if (typeof value !== "string" || value.length > 16_384) return undefined;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return undefined;
  }
}
