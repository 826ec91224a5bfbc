import type { Language } from "../messages/index.ts";

// The notifications' texts (docs/notifications.md): each kind's title and the lines of its text, rendered by the API
// (the portal's list, the mails). Kept apart from the shared message catalogs, which the web's forms load on every
// page, sign-in included: these are only ever rendered on the server. A line showing a field's value names the field
// by its label in the catalog of field labels (`{{field}}`, labels/), never in words of its own.

const en = {
  notify_order_status_changed: "Shipping order No. {{order}}: status “{{status}}”",
  notify_order_returned: "Shipping order No. {{order}}: returned for correction",
  notify_order_cost_approved: "Shipping order No. {{order}}: cost approved",
  notify_order_paid: "Shipping order No. {{order}}: marked paid",
  notify_order_document_added: "Shipping order No. {{order}}: document added",
  notify_order_submitted: "Shipping order No. {{order}}: submitted for approval",
  notify_package_accepted: "Container {{container}}: package accepted",
  notify_package_rejected: "Container {{container}}: package rejected",
  notify_package_withdrawn: "Container {{container}}: package withdrawn",
  notify_declaration_released: "Container {{container}}: declaration released",
  notify_export_ready: "Export of documents No. {{task}}: ready",
  notify_export_failed: "Export of documents No. {{task}}: failed",
  notify_signup_approved: "Your registration is confirmed",
  notify_signup_declined: "Your registration is declined",
  notify_signup_waiting: "A new registration waits for confirmation: {{user}}",
  notify_text_field: "{{field}}: {{value}}",
  notify_text_cost: "{{field}}: {{value}} RUB",
  notify_text_customs: "Customs: {{message}}",
  notify_sign_in_failures: "Many failed attempts to sign in to your account",
  notify_text_document: "Document: {{document}}",
  notify_text_export_ready: "The archive holds {{documents}} documents and can be downloaded",
  notify_text_export_failed: "Reason: {{reason}}",
  notify_text_signup_approved: "You can now work with shipping orders",
  notify_text_sign_in_failures: "Failed attempts in {{minutes}} min: {{failures}}",
  notify_text_sign_in_advice:
    "If it was not you, change your password in your profile. Meanwhile sign-in to your account from addresses you have not worked from is slowed down.",
  notify_api_key_created: "API key “{{name}}” created",
  notify_api_key_first_used: "API key “{{name}}” used for the first time",
  notify_api_key_revoked: "API key “{{name}}” revoked",
  notify_security_factor_added: "A second factor was added to your account: {{factor}}",
  notify_security_factor_removed: "A second factor was removed from your account: {{factor}}",
  notify_security_new_sign_in: "A new sign-in to your account from {{address}}",
  notify_security_factors_reset: "A manager reset the second factors of your account",
  notify_text_security_browser: "Browser: {{browser}}",
  notify_text_security_advice:
    "If it was not you, change your password and end the other sessions in your profile's security section.",
  notify_text_security_factors_reset:
    "Sign in with your password and add a passkey or a one-time code again.",
  notify_factor_totp: "one-time codes",
  notify_factor_passkey: "passkey “{{name}}”",
  notify_webhook_endpoint_disabled: "Webhook endpoint {{url}} disabled",
  notify_text_webhook_gone: "It answered 410 Gone: it no longer wants the events.",
  notify_text_webhook_failing: "Its deliveries have failed since {{since}}. Fix it and enable it again.",
  notify_order_created: "Shipping order No. {{order}} created",
  notify_container_added: "Container {{container}} added",
  notify_container_changed: "Container {{container}} changed",
  notify_tracking_event_recorded: "Container {{container}}: event {{code}} on {{date}}",
} as const;

export type NotificationMessageKey = keyof typeof en;

const ru: Record<NotificationMessageKey, string> = {
  notify_order_status_changed: "Заявка № {{order}}: статус «{{status}}»",
  notify_order_returned: "Заявка № {{order}}: возвращена на доработку",
  notify_order_cost_approved: "Заявка № {{order}}: стоимость согласована",
  notify_order_paid: "Заявка № {{order}}: отмечена оплаченной",
  notify_order_document_added: "Заявка № {{order}}: добавлен документ",
  notify_order_submitted: "Заявка № {{order}}: отправлена на согласование",
  notify_package_accepted: "Контейнер {{container}}: пакет принят",
  notify_package_rejected: "Контейнер {{container}}: пакет отклонён",
  notify_package_withdrawn: "Контейнер {{container}}: пакет отозван",
  notify_declaration_released: "Контейнер {{container}}: выпуск декларации разрешён",
  notify_export_ready: "Выгрузка документов № {{task}}: готова",
  notify_export_failed: "Выгрузка документов № {{task}}: ошибка",
  notify_signup_approved: "Ваша регистрация подтверждена",
  notify_signup_declined: "Ваша регистрация отклонена",
  notify_signup_waiting: "Новая регистрация ждёт подтверждения: {{user}}",
  notify_text_field: "{{field}}: {{value}}",
  notify_text_cost: "{{field}}: {{value}} руб.",
  notify_text_customs: "Сообщение таможни: {{message}}",
  notify_sign_in_failures: "Много неудачных попыток войти в вашу учётную запись",
  notify_text_document: "Документ: {{document}}",
  notify_text_export_ready: "В архиве документов: {{documents}}; его можно скачать",
  notify_text_export_failed: "Причина: {{reason}}",
  notify_text_signup_approved: "Теперь вы можете работать с заявками",
  notify_text_sign_in_failures: "Неудачных попыток за {{minutes}} мин: {{failures}}",
  notify_text_sign_in_advice:
    "Если это были не вы, смените пароль в профиле. Пока попытки продолжаются, вход в учётную запись с адресов, с которых вы не работали, замедлен.",
  notify_api_key_created: "Создан ключ API «{{name}}»",
  notify_api_key_first_used: "Ключ API «{{name}}» использован впервые",
  notify_api_key_revoked: "Ключ API «{{name}}» отозван",
  notify_security_factor_added: "К вашей учётной записи добавлен второй фактор: {{factor}}",
  notify_security_factor_removed: "Из вашей учётной записи удалён второй фактор: {{factor}}",
  notify_security_new_sign_in: "Новый вход в вашу учётную запись с адреса {{address}}",
  notify_security_factors_reset: "Менеджер сбросил вторые факторы вашей учётной записи",
  notify_text_security_browser: "Браузер: {{browser}}",
  notify_text_security_advice:
    "Если это были не вы, смените пароль и завершите другие сеансы в разделе «Безопасность» профиля.",
  notify_text_security_factors_reset: "Войдите с паролем и снова добавьте ключ доступа или одноразовые коды.",
  notify_factor_totp: "одноразовые коды",
  notify_factor_passkey: "ключ доступа «{{name}}»",
  notify_webhook_endpoint_disabled: "Адрес веб-хуков {{url}} отключён",
  notify_text_webhook_gone: "Он ответил 410 Gone: события ему больше не нужны.",
  notify_text_webhook_failing: "Доставки на него не удаются с {{since}}. Исправьте его и включите снова.",
  notify_order_created: "Создана заявка № {{order}}",
  notify_container_added: "Добавлен контейнер {{container}}",
  notify_container_changed: "Изменён контейнер {{container}}",
  notify_tracking_event_recorded: "Контейнер {{container}}: событие {{code}} {{date}}",
};

/** The notifications' texts by language, for the API's translator (core/i18n.ts). */
export const notificationMessages: Record<Language, Record<NotificationMessageKey, string>> = { ru, en };
