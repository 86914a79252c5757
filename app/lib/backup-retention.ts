/**
 * The longest a deleted lead stays in the off-site backups (decision 0019): the service removes
 * every snapshot and change set older than this, and /privacidad states it. One number for both.
 */
export const backupRetentionDays = 30;
