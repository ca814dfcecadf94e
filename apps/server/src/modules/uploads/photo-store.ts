import fs from 'node:fs/promises';
import path from 'node:path';

/** Where photos live. Local disk by default; any object store fits behind this interface. */
export interface PhotoStore {
  put(id: string, data: Buffer): Promise<void>;
  get(id: string): Promise<Buffer | undefined>;
}

/** Photos as files under DATA_DIR/uploads (written aside and renamed: never half a file). */
export class DiskPhotoStore implements PhotoStore {
  constructor(private readonly dir: string) {}

  private file(id: string) {
    // Ids are UUIDs checked by the route schema; basename() is a second guard against traversal.
    return path.join(this.dir, `${path.basename(id)}.jpg`);
  }

  async put(id: string, data: Buffer): Promise<void> {
    await fs.mkdir(this.dir, { recursive: true });
    const target = this.file(id);
    await fs.writeFile(`${target}.tmp`, data);
    await fs.rename(`${target}.tmp`, target);
  }

  async get(id: string): Promise<Buffer | undefined> {
    try {
      return await fs.readFile(this.file(id));
    } catch {
      return undefined;
    }
  }
}
