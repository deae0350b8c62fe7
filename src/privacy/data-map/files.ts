/**
 * The files Tidings writes under its data directory, and those it leaves beside it (backups, what a
 * restore moved aside), in the map of what Tidings keeps (src/privacy/data-map.ts).
 */
import type { FileEntry } from './terms.js';

/** What Tidings writes to files, and what it leaves in files it does not manage. */
export const FILES: readonly FileEntry[] = [
  {
    path: 'DATA_DIR/tidings.sqlite',
    category: 'database',
    retention: 'for ever',
    erasure: 'deleted',
    export: false,
    note: 'the SQLite database (with its `-wal` and `-shm` files): every table above',
  },
  {
    path: 'DATA_DIR/media/',
    category: 'file',
    retention: 'retain_customer_files_days',
    erasure: 'deleted',
    export: true,
    note: "each stored file, named by its `med_` id: customers' files and the business's uploads",
  },
  {
    path: 'DATA_DIR/media/tmp/',
    category: 'file',
    retention: 'until done',
    erasure: 'not reached (expires)',
    export: false,
    note: 'a download or upload in progress; a stale one is removed after ten minutes',
  },
  {
    path: 'DATA_DIR/secrets.json',
    category: 'secret',
    retention: 'for ever',
    erasure: 'kept (no personal data)',
    export: false,
    note: 'the generated encryption key, app secret and verify token',
  },
  {
    path: 'DATA_DIR/simulator-state.json',
    category: 'content',
    retention: 'until the operator deletes it',
    erasure: 'not reached',
    export: false,
    note: "the embedded Cloud API simulator's state (its `.media/` beside it): simulated customers' recent messages",
  },
  {
    path: 'FILE, FILE.media/, FILE.secrets.json',
    category: 'database',
    retention: 'until the operator deletes it',
    erasure: 'not reached',
    export: false,
    note: 'a backup made by `npx tidings backup FILE`: a copy of the database and the files as they were',
  },
  {
    path: '….before-restore-<time>',
    category: 'database',
    retention: 'until the operator deletes it',
    erasure: 'not reached',
    export: false,
    note: 'what `npx tidings restore` moved aside in the data directory',
  },
];
