import { Readable, Transform } from "node:stream";
import type { S3Client } from "@aws-sdk/client-s3";
import { checkKey, type FileStorage, StoredFileMissing } from "./file-storage.ts";

export interface S3StorageOptions {
  bucket: string;
  /** Prepended to every key (`portal/`). */
  prefix: string;
  region: string;
  /** An S3-compatible service's address; AWS itself when unset. */
  endpoint?: string;
  forcePathStyle: boolean;
  /** The account's keys; the SDK's default chain (environment, profile, instance role) when unset. */
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

/** A multipart upload's parts: S3's least, so that a stream holds as little as S3 allows. */
const PART_BYTES = 5 * 1024 * 1024;

/** The SDK, loaded with the first call (it takes a tenth of a second, which a folder storage need not pay). */
const sdk = () => import("@aws-sdk/client-s3");

/** Files in an S3-compatible bucket: a key is an object's key (after the prefix). */
export class S3Storage implements FileStorage {
  private client: Promise<S3Client> | undefined;

  constructor(private readonly options: S3StorageOptions) {}

  async put(key: string, bytes: Uint8Array): Promise<void> {
    const { PutObjectCommand } = await sdk();
    const Key = this.objectKey(key);
    await (await this.connect()).send(
      new PutObjectCommand({ Bucket: this.options.bucket, Key, Body: bytes }),
    );
  }

  /**
   * A multipart upload (`@aws-sdk/lib-storage`), parts of 5 MiB (S3's least) sent one at a time: one part is held in
   * memory, whatever the stream's length (an upload of 20 MB is never held whole; one under 5 MiB goes in one
   * request). A failed upload is aborted; one whose process died stays an incomplete multipart upload, invisible
   * under the key, which the bucket's lifecycle rule removes (docs/operations.md).
   */
  async putStream(key: string, source: Readable): Promise<number> {
    const { Upload } = await import("@aws-sdk/lib-storage");
    const Key = this.objectKey(key);
    let size = 0;
    const counted = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        size += chunk.length;
        done(null, chunk);
      },
    });
    source.on("error", (error) => counted.destroy(error));
    source.pipe(counted);
    const upload = new Upload({
      client: await this.connect(),
      params: { Bucket: this.options.bucket, Key, Body: counted },
      partSize: PART_BYTES,
      queueSize: 1,
      leavePartsOnError: false,
    });
    try {
      await upload.done();
    } catch (error) {
      source.destroy();
      throw error;
    }
    return size;
  }

  async get(key: string): Promise<Readable> {
    const { GetObjectCommand, NoSuchKey, S3ServiceException } = await sdk();
    const Key = this.objectKey(key);
    try {
      const answer = await (await this.connect()).send(
        new GetObjectCommand({ Bucket: this.options.bucket, Key }),
      );
      if (!(answer.Body instanceof Readable)) throw new Error("the object's body is not a stream");
      return answer.Body;
    } catch (error) {
      const isMissing =
        error instanceof NoSuchKey ||
        (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404);
      if (isMissing) throw new StoredFileMissing(key);
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    const { DeleteObjectCommand } = await sdk();
    const Key = this.objectKey(key);
    await (await this.connect()).send(new DeleteObjectCommand({ Bucket: this.options.bucket, Key }));
  }

  private connect(): Promise<S3Client> {
    this.client ??= sdk().then(
      ({ S3Client }) =>
        new S3Client({
          region: this.options.region,
          endpoint: this.options.endpoint,
          forcePathStyle: this.options.forcePathStyle,
          credentials: this.options.credentials,
          // Checksums only where S3 requires them: the SDK's newer default (a CRC trailer on every upload) is
          // refused by many S3-compatible services
          requestChecksumCalculation: "WHEN_REQUIRED",
          responseChecksumValidation: "WHEN_REQUIRED",
        }),
    );
    return this.client;
  }

  private objectKey(key: string): string {
    return `${this.options.prefix}${checkKey(key)}`;
  }
}
