import { type Language, oneLine } from "@portal/domain";
import { translator } from "../../../core/i18n.ts";

/** One notification as a mail tells it: its title, its text and the portal's page of its object. */
export interface MailItem {
  title: string;
  text: string;
  /** The page in the portal, a path from its root (`/orders/12`). */
  link: string;
}

export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

/**
 * The mail of one notification: its title as the subject, its text, and a button to its page; in the user's
 * language. Everything written into the HTML is escaped: titles and texts carry what users typed (a comment).
 */
export function notificationMail(item: MailItem, language: Language, portalUrl: string): MailContent {
  return mail(item.title, [item], language, portalUrl);
}

/** The daily digest: every notification of a day (`date`, yyyy-MM-dd), each with its link. */
export function digestMail(
  items: MailItem[],
  date: string,
  language: Language,
  portalUrl: string,
): MailContent {
  const t = translator(language);
  const shown = displayDate(date, language);
  const subject = t({ key: "mail_digest_subject", params: { count: items.length, date: shown } });
  return mail(subject, items, language, portalUrl, t({ key: "mail_digest_intro", params: { date: shown } }));
}

function mail(
  subject: string,
  items: MailItem[],
  language: Language,
  portalUrl: string,
  intro?: string,
): MailContent {
  const t = translator(language);
  const open = t({ key: "mail_open_in_portal" });
  const profile = `${portalUrl}/profile`;
  const footer = t({ key: "mail_footer", params: { url: profile } });
  const href = (item: MailItem) => `${portalUrl}${item.link.startsWith("/") ? "" : "/"}${item.link}`;
  // A single notification's title is the subject already: its text stands alone
  const isDigest = intro !== undefined;
  const text = [
    ...(isDigest ? [intro, ""] : []),
    ...items.flatMap((item) => [
      ...(isDigest ? [item.title] : []),
      ...(item.text ? [item.text] : []),
      `${open}: ${href(item)}`,
      "",
    ]),
    "--",
    footer,
    "",
  ].join("\n");
  const blocks = items
    .map(
      (item) => `<tr><td style="padding:16px 24px;border-bottom:1px solid #e5e7eb">
${isDigest ? `<p style="margin:0 0 6px;font-weight:600;font-size:15px">${escapeHtml(item.title)}</p>` : ""}
${item.text ? `<p style="margin:0 0 12px;white-space:pre-line">${escapeHtml(item.text)}</p>` : ""}
<a href="${escapeHtml(href(item))}" style="display:inline-block;padding:8px 16px;background:#1565c0;color:#ffffff;text-decoration:none;border-radius:4px">${escapeHtml(open)}</a>
</td></tr>`,
    )
    .join("\n");
  const html = `<!doctype html>
<html lang="${language}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:16px;background:#f3f4f6;font-family:Arial,Helvetica,sans-serif;font-size:14px;line-height:1.45;color:#111827">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;margin:0 auto;background:#ffffff;border:1px solid #e5e7eb;border-radius:6px">
<tr><td style="padding:16px 24px;border-bottom:1px solid #e5e7eb"><h1 style="margin:0;font-size:18px">${escapeHtml(isDigest ? intro : subject)}</h1></td></tr>
${blocks}
<tr><td style="padding:12px 24px;color:#6b7280;font-size:12px">${escapeHtml(footer)}</td></tr>
</table>
</body>
</html>
`;
  // A header is one line: a name written before one-line fields refused breaks must not start another header
  return { subject: oneLine(subject), text, html };
}

/** The day as people of the language write it: 26.11.2026 in Russian, 2026-11-26 in English. */
function displayDate(date: string, language: Language): string {
  const [year, month, day] = date.split("-");
  return language === "ru" ? `${day}.${month}.${year}` : date;
}

/** Text made safe inside HTML, in an element or an attribute's quotes. */
export function escapeHtml(value: string): string {
  return value
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}
