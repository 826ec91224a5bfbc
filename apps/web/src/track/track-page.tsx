import type { PublicTracking } from "@portal/domain";
import { useCallback, useEffect, useState } from "react";
import en from "../i18n/locales/en/track.json";
import ru from "../i18n/locales/ru/track.json";
import "./track.css";

type Language = "ru" | "en";
type Texts = typeof ru;
const TEXTS: Record<Language, Texts> = { ru, en };
/** The signed-in app's key of the chosen language: the page speaks the language the user last picked there. */
const LOCALE_KEY = "locale";
/**
 * How often an open page asks again (the live stream needs a session): a milestone shows within 15 s, and a page
 * left open costs one small request per 15 s while it is visible, none while hidden.
 */
export const POLL_MS = 15_000;

type State =
  | { kind: "loading" }
  | { kind: "shown"; tracking: PublicTracking; at: Date }
  | { kind: "gone" }
  | { kind: "failed"; message: string };

function initialLanguage(): Language {
  try {
    return localStorage.getItem(LOCALE_KEY) === "en" ? "en" : "ru";
  } catch {
    return "ru";
  }
}

/** `{{name}}` of a text replaced by its value. */
function fill(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ""));
}

/** The public page of a tracking link: the order's status and route, its containers' milestones; asks again every 15 s. */
export function TrackPage({ token }: { token: string }) {
  const [language, setLanguage] = useState<Language>(initialLanguage);
  const [state, setState] = useState<State>({ kind: "loading" });
  const t = TEXTS[language];

  const load = useCallback(async () => {
    try {
      const answer = await fetch(`/tracking/api/public/tracking/${encodeURIComponent(token)}/`, {
        headers: { "Accept-Language": language },
        referrerPolicy: "no-referrer",
        cache: "no-store",
      });
      if (answer.status === 404) return setState({ kind: "gone" });
      if (!answer.ok) {
        const body = (await answer.json().catch(() => ({}))) as { detail?: string };
        return setState((current) =>
          current.kind === "shown"
            ? current
            : { kind: "failed", message: body.detail ?? TEXTS[language].failed },
        );
      }
      setState({ kind: "shown", tracking: (await answer.json()) as PublicTracking, at: new Date() });
    } catch {
      setState((current) =>
        current.kind === "shown" ? current : { kind: "failed", message: TEXTS[language].failed },
      );
    }
  }, [token, language]);

  useEffect(() => {
    document.documentElement.lang = language;
    void load();
    const timer = window.setInterval(() => {
      if (document.visibilityState === "visible") void load();
    }, POLL_MS);
    const onVisible = () => {
      if (document.visibilityState === "visible") void load();
    };
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, [load, language]);

  const pick = (next: Language) => {
    setLanguage(next);
    try {
      localStorage.setItem(LOCALE_KEY, next);
    } catch {
      // A browser that keeps nothing still switches for this visit
    }
  };

  const tracking = state.kind === "shown" ? state.tracking : null;
  useEffect(() => {
    document.title = tracking ? `${fill(t.order, { number: tracking.number })} · ${t.title}` : t.title;
  }, [tracking, t]);

  return (
    <div className="page">
      <header className="bar">
        <h1>{tracking ? fill(t.order, { number: tracking.number }) : t.title}</h1>
        <fieldset className="languages" aria-label={t.language}>
          {(["ru", "en"] as const).map((code) => (
            <button
              key={code}
              type="button"
              aria-pressed={language === code}
              onClick={() => pick(code)}
              lang={code}
            >
              {code.toUpperCase()}
            </button>
          ))}
        </fieldset>
      </header>
      <main>
        {state.kind === "loading" && <p className="note">{t.loading}</p>}
        {state.kind === "gone" && (
          <p className="message" role="alert">
            {t.notFound}
          </p>
        )}
        {state.kind === "failed" && (
          <p className="message" role="alert">
            {state.message}
          </p>
        )}
        {state.kind === "shown" && (
          <Tracking tracking={state.tracking} t={t} language={language} at={state.at} />
        )}
      </main>
    </div>
  );
}

function Tracking({
  tracking,
  t,
  language,
  at,
}: {
  tracking: PublicTracking;
  t: Texts;
  language: Language;
  at: Date;
}) {
  const countries = new Intl.DisplayNames([language], { type: "region" });
  const place = (name: string, country: string) =>
    [name, country ? countryName(countries, country) : ""].filter(Boolean).join(", ") || "—";
  const { route } = tracking;
  const period = [tracking.planned_shipping_start, tracking.planned_shipping_end]
    .filter(Boolean)
    .map((day) => formatDay(day as string, language));
  return (
    <>
      <section className="card" aria-label={t.status}>
        <div className="label">{t.status}</div>
        <div className="status" data-testid="track-status">
          {tracking.status}
        </div>
        <div className="label">{t.route}</div>
        <ol className="route">
          <li>
            <span className="label">{t.from}</span> {place(route.dispatch_location, route.departure_country)}
          </li>
          {route.border_crossing_point && (
            <li>
              <span className="label">{t.via}</span> {route.border_crossing_point}
            </li>
          )}
          <li>
            <span className="label">{t.to}</span> {place(route.destination, route.destination_country)}
          </li>
        </ol>
        {period.length > 0 && (
          <>
            <div className="label">{t.planned}</div>
            <div>{period.join(" – ")}</div>
          </>
        )}
      </section>
      <h2>{t.containers}</h2>
      {tracking.containers.length === 0 && <p className="note">{t.noContainers}</p>}
      {tracking.containers.map((container) => (
        <section
          className="card"
          key={container.container}
          aria-label={container.container}
          data-testid="track-container"
        >
          <div className="container">
            <span className="number">{container.container}</span>
            <span className="type">{container.container_type}</span>
          </div>
          {container.events.length === 0 ? (
            <p className="note">{t.noEvents}</p>
          ) : (
            <ol className="events">
              {container.events.map((event) => (
                <li key={event.code} className={event.classifier === "PLN" ? "planned" : "actual"}>
                  <time dateTime={event.date}>{formatDay(event.date, language)}</time>
                  <span className="event">{event.name}</span>
                  <span className="badge">{event.classifier === "PLN" ? t.plannedEvent : t.actualEvent}</span>
                </li>
              ))}
            </ol>
          )}
        </section>
      ))}
      <p className="note" aria-live="polite">
        {fill(t.updated, {
          time: at.toLocaleTimeString(language, { hour: "2-digit", minute: "2-digit", second: "2-digit" }),
        })}
      </p>
    </>
  );
}

/** A country's name in the language, or its code where the browser has no name for it. */
function countryName(names: Intl.DisplayNames, code: string): string {
  try {
    return names.of(code) ?? code;
  } catch {
    return code;
  }
}

/** `yyyy-MM-dd` as the language writes a day (`9 мар. 2026 г.`, `Mar 9, 2026`). */
function formatDay(day: string, language: Language): string {
  const [year, month, date] = day.split("-").map(Number);
  if (!year || !month || !date) return day;
  return new Date(Date.UTC(year, month - 1, date)).toLocaleDateString(language, {
    day: "numeric",
    month: "short",
    year: "numeric",
    timeZone: "UTC",
  });
}
