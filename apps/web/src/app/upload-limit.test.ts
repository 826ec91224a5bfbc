import i18next from "i18next";
import { beforeAll, describe, expect, it } from "vitest";
import { ApiError } from "./api-client";
import { appConfigQuery } from "./app-config";
import { queryClient } from "./query-client";
import { oversizeRefusal } from "./upload-limit";

const MIB = 1024 * 1024;

/** A form holding a file of `bytes` bytes, as the uploads send one. */
function formWith(bytes: number): FormData {
  const form = new FormData();
  form.append("file", new File([new Uint8Array(bytes)], "scan.pdf", { type: "application/pdf" }));
  return form;
}

describe("oversizeRefusal: the browser's check of an upload's size before sending it", () => {
  beforeAll(async () => {
    await i18next.init({ lng: "en", resources: {} });
    queryClient.setQueryData(appConfigQuery.queryKey, {
      version: "1",
      admin_url: "",
      api_docs_url: "/api/docs",
      user_manual_url: "",
      service_desk_url: "",
      support_email: "",
      upload_max_bytes: 2 * MIB,
    });
  });

  it("refuses a file past the deployment's limit as the API's 413 would, in the interface language", async () => {
    const refusal = await oversizeRefusal(formWith(2 * MIB + 1));
    expect(refusal).toBeInstanceOf(ApiError);
    expect(refusal?.status).toBe(413);
    expect(refusal?.body).toEqual({ detail: "The file is larger than 2 MB" });
    await i18next.changeLanguage("ru");
    expect((await oversizeRefusal(formWith(3 * MIB)))?.body).toEqual({ detail: "Файл больше 2 МБ" });
    await i18next.changeLanguage("en");
  });

  it("lets a file of the limit's size go", async () => {
    expect(await oversizeRefusal(formWith(2 * MIB))).toBeNull();
  });
});
