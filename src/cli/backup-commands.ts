/**
 * `tidings backup FILE` and `tidings restore FILE` (SQLite only): the database copied online with
 * its media files and generated secrets, and put back with the service stopped (backup.ts does
 * the work; these print what it did).
 */
import type { Command } from 'commander';
import { loadConfig } from '../config.js';
import { formatBytes } from '../lib/text.js';
import { printJson, type CliIo } from './admin-io.js';
import { backupSqlite, restoreSqlite } from './backup.js';

/** Registers `backup <file>` and `restore <file>` on `program`. */
export function registerBackup(program: Command, io: CliIo): void {
  const json = (value: unknown) => printJson(io, value);
  program
    .command('backup <file>')
    .description(
      'SQLite: copy the database (online, while the service runs) to FILE, its media files to FILE.media/ and its generated secrets to FILE.secrets.json',
    )
    .option('--json', 'print JSON')
    .action(async (file: string, o) => {
      const report = await backupSqlite(loadConfig(), file);
      if (o.json) return json(report);
      const lines = [
        `Backed up the database to ${report.database.file} (${formatBytes(report.database.bytes)}, ${report.database.messages} messages).`,
        `Media: ${report.media.files} files (${formatBytes(report.media.bytes)}) to ${report.media.dir}/`,
        report.secrets
          ? `Secrets: ${report.secrets} (the key of the platform credentials in the database: keep it as safe as the database).`
          : 'Secrets: the data directory has no secrets.json.',
      ];
      if (report.encryptionKeyFromEnvironment)
        lines.push(
          'ENCRYPTION_KEY is set in the environment and is not in this backup: keep it with the backup, or the platform credentials in it cannot be read.',
        );
      lines.push(`Restore with: npx tidings restore ${report.database.file}  (with the service stopped)`);
      io.out(`${lines.join('\n')}\n`);
    });
  program
    .command('restore <file>')
    .description(
      'SQLite: replace the database, media and secrets with a backup made by `tidings backup` (stop the service first; what is replaced is moved aside)',
    )
    .option('--json', 'print JSON')
    .action(async (file: string, o) => {
      const report = await restoreSqlite(loadConfig(), file);
      if (o.json) return json(report);
      const lines = [
        `Restored ${report.database.file} (${report.database.messages} messages), ${report.media.files} media files into ${report.media.dir}/${report.secrets ? `, and ${report.secrets}` : ''}.`,
        ...(report.movedAside.length > 0
          ? ['Moved aside (delete once the restored service is checked):', ...report.movedAside.map((p) => `  ${p}`)]
          : []),
        'Start the service.',
      ];
      io.out(`${lines.join('\n')}\n`);
    });
}
