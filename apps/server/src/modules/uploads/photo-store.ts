import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { AwsClient } from 'aws4fetch';
import type { AppConfig, S3Settings } from '../../config/env.js';

/** A stored photo, ready to stream to the browser. */
export interface StoredPhoto {
  body: Readable;
  bytes: number | undefined;
}

/** Where photos live: local disk by default, or an S3-compatible bucket. */
export interface PhotoStore {
  put(id: string, data: Buffer): Promise<void>;
  /** undefined when there is no such photo (the route answers 404). */
  open(id: string): Promise<StoredPhoto | undefined>;
  /** Removing a photo that is already gone is not an error. */
  delete(id: string): Promise<void>;
}

// Ids are UUIDs checked by the route schema; basename() is a second guard against traversal.
const fileName = (id: string) => `${path.basename(id)}.jpg`;

/** Photos as files under DATA_DIR/uploads (written aside and renamed: never half a file). */
export class DiskPhotoStore implements PhotoStore {
  constructor(private readonly dir: string) {}

  private file(id: string) {
    return path.join(this.dir, fileName(id));
  }

  async put(id: string, data: Buffer): Promise<void> {
    await fs.mkdir(this.dir, { recursive: true });
    const target = this.file(id);
    try {
      await fs.writeFile(`${target}.tmp`, data);
      await fs.rename(`${target}.tmp`, target);
    } catch (error) {
      // A full or read-only disk: leave no partial file behind (the caller answers 503).
      await fs.rm(`${target}.tmp`, { force: true }).catch(() => undefined);
      throw error;
    }
  }

  async open(id: string): Promise<StoredPhoto | undefined> {
    const file = this.file(id);
    const stat = await fs.stat(file).catch(() => undefined);
    if (!stat?.isFile()) return undefined;
    return { body: createReadStream(file), bytes: stat.size };
  }

  async delete(id: string): Promise<void> {
    await fs.rm(this.file(id), { force: true });
  }
}

// Time allowed for the bucket to start answering; the body then streams at the browser's pace.
const S3_RESPONSE_TIMEOUT_MS = 15_000;

/**
 * Photos as objects `photos/<id>.jpg` in an S3-compatible bucket, signed with SigV4. The app
 * keeps serving them at its own URL (the bucket stays private), so authorization is unchanged.
 */
export class S3PhotoStore implements PhotoStore {
  private readonly client: AwsClient;
  private readonly base: string;

  constructor(settings: S3Settings) {
    this.client = new AwsClient({
      accessKeyId: settings.accessKeyId,
      secretAccessKey: settings.secretAccessKey,
      service: 's3',
      region: settings.region,
      // A 5xx or 429 is retried twice with backoff; the default of ten would hold a request long.
      retries: 2,
    });
    const endpoint = new URL(settings.endpoint ?? `https://s3.${settings.region}.amazonaws.com`);
    const prefix = endpoint.pathname.replace(/\/+$/, '');
    this.base = settings.forcePathStyle
      ? `${endpoint.origin}${prefix}/${settings.bucket}`
      : `${endpoint.protocol}//${settings.bucket}.${endpoint.host}${prefix}`;
  }

  /** Where the object of a photo lives (path style, or the bucket in the host name). */
  objectUrl(id: string) {
    return `${this.base}/photos/${encodeURIComponent(fileName(id))}`;
  }

  /** One signed call; the timeout covers only the wait for the response headers. */
  private async call(method: string, id: string, init: RequestInit = {}): Promise<Response> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), S3_RESPONSE_TIMEOUT_MS);
    try {
      return await this.client.fetch(this.objectUrl(id), {
        ...init,
        method,
        signal: controller.signal,
      });
    } finally {
      clearTimeout(timer);
    }
  }

  private static async fail(method: string, response: Response): Promise<never> {
    const text = await response.text().catch(() => '');
    const code = /<Code>([^<]+)<\/Code>/.exec(text)?.[1] ?? response.statusText;
    throw new Error(`S3 ${method} answered ${response.status} ${code}`);
  }

  async put(id: string, data: Buffer): Promise<void> {
    const response = await this.call('PUT', id, {
      body: new Uint8Array(data.buffer, data.byteOffset, data.byteLength),
      headers: {
        'content-type': 'image/jpeg',
        // The payload hash is signed too, so the bucket refuses a body altered on the way.
        'x-amz-content-sha256': createHash('sha256').update(data).digest('hex'),
      },
    });
    if (!response.ok) await S3PhotoStore.fail('PUT', response);
    await response.body?.cancel();
  }

  async open(id: string): Promise<StoredPhoto | undefined> {
    const response = await this.call('GET', id);
    if (response.status === 404) {
      await response.body?.cancel();
      return undefined;
    }
    if (!response.ok || !response.body) return S3PhotoStore.fail('GET', response);
    const length = Number(response.headers.get('content-length'));
    return {
      body: Readable.fromWeb(response.body as WebReadableStream<Uint8Array>),
      bytes: Number.isFinite(length) && length > 0 ? length : undefined,
    };
  }

  async delete(id: string): Promise<void> {
    const response = await this.call('DELETE', id);
    if (!response.ok && response.status !== 404) await S3PhotoStore.fail('DELETE', response);
    await response.body?.cancel();
  }
}

/** The store the configuration asks for: the bucket when S3 is set up, else DATA_DIR/uploads. */
export function createPhotoStore(config: AppConfig): PhotoStore {
  return config.photos.s3
    ? new S3PhotoStore(config.photos.s3)
    : new DiskPhotoStore(path.join(config.dataDir, 'uploads'));
}
