/**
 * Makes the owner's backup key pair (decision 0019), the same kind `age-keygen` makes:
 *   npm run --silent backup:keygen > clave-copias.txt
 * The file holds the private key (keep it off the server: a password manager, a USB key in a
 * drawer); the public key it prints on standard error goes in LEADS_BACKUP_RECIPIENT.
 */
import { generateX25519Identity, identityToRecipient } from "age-encryption";

const identity = await generateX25519Identity();
const recipient = await identityToRecipient(identity);
process.stdout.write(`# created: ${new Date().toISOString()}\n# public key: ${recipient}\n${identity}\n`);
process.stderr.write(`Clave pública (LEADS_BACKUP_RECIPIENT): ${recipient}\n`);
