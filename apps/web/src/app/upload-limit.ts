import { uploadLimitMegabytes } from "@portal/domain";
import i18next from "i18next";
import { ApiError } from "./api-client";
import { appConfigQuery } from "./app-config";
import { registerMessageCatalogs } from "./message-catalogs";
import { queryClient } from "./query-client";

/**
 * The refusal of a form whose file is larger than the API takes (its `UPLOAD_MAX_BYTES`, told by `GET /api/config/`),
 * worded and answered as the API's 413 (`file_too_large`), so that the caller shows it where it shows the API's;
 * null when every file fits. A 21 MB file is refused at once, not after it has been sent whole.
 */
export async function oversizeRefusal(form: FormData): Promise<ApiError | null> {
  const files = [...form.values()].filter((value): value is File => value instanceof File);
  if (files.length === 0) return null;
  const { upload_max_bytes: maxBytes } = await queryClient.fetchQuery(appConfigQuery);
  if (files.every((file) => file.size <= maxBytes)) return null;
  registerMessageCatalogs();
  const detail = i18next.t("messages:file_too_large", { limit: uploadLimitMegabytes(maxBytes) });
  return new ApiError(413, { detail });
}
