import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { StoredMail } from './mailer';

/** Messages in a local mailbox directory, newest first. */
export async function readMailbox(directory: string): Promise<StoredMail[]> {
  let names: string[];
  try {
    names = (await readdir(directory)).filter((name) => name.endsWith('.json'));
  } catch {
    return [];
  }
  const mails = await Promise.all(
    names.map(async (name) => {
      try {
        return JSON.parse(await readFile(join(directory, name), 'utf8')) as StoredMail;
      } catch {
        // Removed meanwhile, or written by an older mailer that wrote in place: not there yet.
        return null;
      }
    }),
  );
  return mails
    .filter((mail): mail is StoredMail => mail !== null)
    .sort((a, b) => b.sentAt.localeCompare(a.sentAt));
}
