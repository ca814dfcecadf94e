import fs from 'node:fs';
import path from 'node:path';

/** Exit status when the data directory cannot be written (EX_CANTCREAT from sysexits.h). */
export const EXIT_DATA_DIR_UNWRITABLE = 73;

const REASONS: Record<string, string> = {
  EROFS: 'the file system is mounted read-only',
  ENOSPC: 'the disk is full',
  EDQUOT: 'the disk quota is used up',
  EACCES: 'permission denied',
  EPERM: 'the operation is not permitted (is the directory immutable, chattr +i?)',
  ENOTDIR: 'a file is in the way of the directory',
};

/** The data directory (or a directory inside it) cannot be written; the server cannot start. */
export class DataDirUnwritableError extends Error {
  constructor(
    readonly dir: string,
    readonly errno: string | undefined,
  ) {
    super(
      `Cannot write to the data directory ${dir}: ${REASONS[errno ?? ''] ?? errno ?? 'unknown error'}. ` +
        'AnnaSetu keeps its embedded database, photos and mail outbox there. Free some space, ' +
        'make it writable, or set DATA_DIR to a writable directory, then start again.',
    );
    this.name = 'DataDirUnwritableError';
  }
}

/**
 * Proves each directory writable by creating, syncing and removing a small file, so a read-only
 * mount, a full disk or an immutable directory stops the server at start with one clear line
 * instead of a stack trace from deep inside the database.
 */
export function checkWritable(dirs: string[]): void {
  for (const dir of dirs) {
    const probe = path.join(dir, `.write-check-${process.pid}`);
    try {
      fs.mkdirSync(dir, { recursive: true });
      const fd = fs.openSync(probe, 'w');
      try {
        fs.writeSync(fd, 'ok\n');
        fs.fsyncSync(fd);
      } finally {
        fs.closeSync(fd);
      }
      fs.rmSync(probe, { force: true });
    } catch (error) {
      try {
        fs.rmSync(probe, { force: true });
      } catch {
        // A read-only directory cannot have the probe either.
      }
      throw new DataDirUnwritableError(dir, (error as NodeJS.ErrnoException).code);
    }
  }
}
