import { redirect, type RouterContextProvider } from "react-router";

// Fail-closed stand-in: the second-factor work (passkey or authenticator code) provides the real one.

/** Whether the owner has a second factor to confirm a publication with. */
export async function ownerHasSecondFactor(_context: Readonly<RouterContextProvider>): Promise<boolean> {
  return false;
}

/** Throws unless the owner has just confirmed with a second factor: without one, to /bandeja/seguridad. */
export async function requireFreshConfirmation(
  _request: Request,
  _context: Readonly<RouterContextProvider>,
): Promise<void> {
  throw redirect("/bandeja/seguridad");
}
