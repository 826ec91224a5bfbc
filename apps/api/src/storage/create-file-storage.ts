import type { Config } from "../config.ts";
import type { FileStorage } from "./file-storage.ts";
import { FolderStorage } from "./folder-storage.ts";
import { S3Storage } from "./s3-storage.ts";

/** The storage the configuration names: FILE_STORAGE=folder (FILES_DIR) or s3 (S3_*). */
export function createFileStorage(config: Config): FileStorage {
  if (config.FILE_STORAGE === "folder") return new FolderStorage(config.FILES_DIR);
  return new S3Storage({
    bucket: config.S3_BUCKET as string,
    prefix: config.S3_PREFIX,
    region: config.S3_REGION,
    endpoint: config.S3_ENDPOINT,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
    credentials:
      config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY }
        : undefined,
  });
}
