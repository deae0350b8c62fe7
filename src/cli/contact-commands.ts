/**
 * `tidings contacts export` (docs/api.md §D29): a customer's export written to a file, from the
 * database and the media storage the service uses, as `GET /v1/contacts/{id}/export` streams it.
 * The operator names the contact and its account (no key: the contact's own number and mode are
 * used); `contact.exported` names the operator's login in the audit trail.
 */
import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import type { Command } from 'commander';
import { printJson, withDeps, type CliIo } from './admin-io.js';
import { AdminRefusal } from './backup.js';

/** Registers `contacts export` on `program`. */
export function registerContacts(program: Command, io: CliIo): void {
  const contacts = program
    .command('contacts')
    .description('Customers: exporting what is held on one (docs/api.md §D29)');
  contacts
    .command('export')
    .description(
      'Write a ZIP of what is held on a customer: contact.json (contact, messages both ways with statuses, consent history, events) and their files',
    )
    .argument('<contact>', 'ct_ id')
    .requiredOption('--account <id>', 'the acc_ id the contact belongs to')
    .option('-o, --output <file>', 'where to write the ZIP (default: contact-<id>.zip here); refused if it exists')
    .option('--json', 'print JSON')
    .action(async (contactId: string, o) => {
      const file: string = o.output ?? `contact-${contactId}.zip`;
      const written = await withDeps(io, async (d) => {
        if (!(await d.accounts.getAccount(o.account)))
          throw new AdminRefusal('account_not_found', `No account ${o.account} (npx tidings accounts list).`);
        const scope = await d.contactExport.scopeOf(
          o.account,
          contactId,
          async (phoneNumberId) => (await d.accounts.accountForPhoneNumber(phoneNumberId))?.accountId,
        );
        // `wx`: an export never overwrites a file; opened before the export starts (and is audited).
        const handle = await fs.promises.open(file, 'wx', 0o600).catch((err: NodeJS.ErrnoException) => {
          if (err.code === 'EEXIST') throw new AdminRefusal('output_exists', `${file} exists; name another with -o.`);
          throw err;
        });
        const out = handle.createWriteStream();
        let archive: Awaited<ReturnType<typeof d.contactExport.start>> | undefined;
        try {
          archive = await d.contactExport.start(scope, contactId);
          await pipeline(archive.stream, out);
        } catch (err) {
          // A failed export leaves no partial ZIP behind.
          archive?.abort();
          out.destroy();
          await fs.promises.rm(file, { force: true });
          throw err;
        }
        const { files } = await archive.done;
        return { contactId, file, bytes: (await fs.promises.stat(file)).size, files };
      });
      if (o.json) return printJson(io, written);
      io.out(`Wrote ${written.file} (${written.bytes.toLocaleString('en-US')} bytes, ${written.files} files).\n`);
    });
}
