import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../apps/api/src/db/client.ts";

// Names as a Russian customer base has them. Every fourth user is an Alexander, so that the broad search word
// "александр" matches about a quarter of the rows (a little more: the surname Александров contains it too).
const OTHER_MALE_NAMES = [
  ["Сергей", "s"],
  ["Дмитрий", "d"],
  ["Андрей", "a"],
  ["Алексей", "a"],
  ["Максим", "m"],
  ["Евгений", "e"],
  ["Иван", "i"],
  ["Михаил", "m"],
  ["Николай", "n"],
  ["Павел", "p"],
  ["Олег", "o"],
  ["Владимир", "v"],
  ["Юрий", "y"],
  ["Артём", "a"],
] as const;
const FEMALE_NAMES = [
  ["Елена", "e"],
  ["Ольга", "o"],
  ["Наталья", "n"],
  ["Татьяна", "t"],
  ["Ирина", "i"],
  ["Анна", "a"],
  ["Мария", "m"],
  ["Светлана", "s"],
  ["Екатерина", "e"],
  ["Юлия", "y"],
] as const;
// Surname stems (the male form; women's take "а"), with their Latin spelling for e-mail addresses.
const SURNAMES = [
  ["Иванов", "ivanov"],
  ["Смирнов", "smirnov"],
  ["Кузнецов", "kuznetsov"],
  ["Попов", "popov"],
  ["Васильев", "vasiliev"],
  ["Петров", "petrov"],
  ["Соколов", "sokolov"],
  ["Михайлов", "mikhailov"],
  ["Новиков", "novikov"],
  ["Фёдоров", "fedorov"],
  ["Морозов", "morozov"],
  ["Волков", "volkov"],
  ["Алексеев", "alekseev"],
  ["Лебедев", "lebedev"],
  ["Семёнов", "semenov"],
  ["Егоров", "egorov"],
  ["Павлов", "pavlov"],
  ["Козлов", "kozlov"],
  ["Степанов", "stepanov"],
  ["Николаев", "nikolaev"],
  ["Орлов", "orlov"],
  ["Андреев", "andreev"],
  ["Макаров", "makarov"],
  ["Захаров", "zakharov"],
  ["Зайцев", "zaitsev"],
  ["Соловьёв", "soloviev"],
  ["Борисов", "borisov"],
  ["Яковлев", "yakovlev"],
  ["Григорьев", "grigoriev"],
  ["Романов", "romanov"],
  ["Воробьёв", "vorobiev"],
  ["Сергеев", "sergeev"],
  ["Фролов", "frolov"],
  ["Александров", "aleksandrov"],
  ["Дмитриев", "dmitriev"],
  ["Гусев", "gusev"],
  ["Максимов", "maksimov"],
  ["Поляков", "polyakov"],
  ["Виноградов", "vinogradov"],
  ["Белов", "belov"],
  ["Медведев", "medvedev"],
  ["Антонов", "antonov"],
  ["Тарасов", "tarasov"],
  ["Жуков", "zhukov"],
  ["Баранов", "baranov"],
  ["Филиппов", "filippov"],
  ["Комаров", "komarov"],
  ["Давыдов", "davydov"],
  ["Беляев", "belyaev"],
  ["Герасимов", "gerasimov"],
  ["Богданов", "bogdanov"],
  ["Осипов", "osipov"],
  ["Сидоров", "sidorov"],
  ["Матвеев", "matveev"],
  ["Титов", "titov"],
  ["Марков", "markov"],
  ["Миронов", "mironov"],
  ["Крылов", "krylov"],
  ["Куликов", "kulikov"],
  ["Карпов", "karpov"],
  ["Власов", "vlasov"],
  ["Мельников", "melnikov"],
  ["Денисов", "denisov"],
  ["Гаврилов", "gavrilov"],
  ["Тихонов", "tikhonov"],
  ["Казаков", "kazakov"],
  ["Афанасьев", "afanasiev"],
  ["Данилов", "danilov"],
  ["Савельев", "saveliev"],
  ["Тимофеев", "timofeev"],
  ["Чернов", "chernov"],
  ["Абрамов", "abramov"],
  ["Мартынов", "martynov"],
  ["Ефимов", "efimov"],
  ["Щербаков", "shcherbakov"],
  ["Назаров", "nazarov"],
  ["Калинин", "kalinin"],
  ["Исаев", "isaev"],
  ["Быков", "bykov"],
  ["Маслов", "maslov"],
  ["Родионов", "rodionov"],
  ["Коновалов", "konovalov"],
  ["Лазарев", "lazarev"],
  ["Воронин", "voronin"],
  ["Климов", "klimov"],
  ["Филатов", "filatov"],
  ["Голубев", "golubev"],
  ["Кудрявцев", "kudryavtsev"],
  ["Прохоров", "prokhorov"],
  ["Наумов", "naumov"],
  ["Потапов", "potapov"],
  ["Журавлёв", "zhuravlev"],
  ["Трофимов", "trofimov"],
  ["Леонов", "leonov"],
  ["Соболев", "sobolev"],
  ["Ермаков", "ermakov"],
  ["Колесников", "kolesnikov"],
  ["Гончаров", "goncharov"],
  ["Никифоров", "nikiforov"],
  ["Котов", "kotov"],
  ["Лесников", "lesnikov"],
  ["Громов", "gromov"],
  ["Кириллов", "kirillov"],
  ["Малышев", "malyshev"],
  ["Лесин", "lesin"],
  ["Рыбаков", "rybakov"],
  ["Жданов", "zhdanov"],
  ["Хохлов", "khokhlov"],
] as const;
const FORMS = ["ООО", "АО", "ПАО", "ООО ТК"] as const;
const STEMS = [
  "Транс",
  "Логист",
  "Сиб",
  "Урал",
  "Волга",
  "Рус",
  "Север",
  "Восток",
  "Лес",
  "Агро",
  "Пром",
  "Нефте",
  "Строй",
  "Металл",
  "Хим",
  "Энерго",
  "Зерно",
  "Уголь",
  "Контейнер",
  "Порт",
] as const;
const ENDINGS = [
  "сервис",
  "торг",
  "групп",
  "экспорт",
  "импорт",
  "ресурс",
  "снаб",
  "терминал",
  "логистика",
  "инвест",
];
const CITIES = [
  "",
  "Москва",
  "Новосибирск",
  "Екатеринбург",
  "Владивосток",
  "Самара",
  "Омск",
  "Казань",
  "Пермь",
  "Иркутск",
];
const DOMAINS = ["mail.ru", "yandex.ru", "gmail.com", "bk.ru", "inbox.ru", "list.ru", "rambler.ru"];

/** A PostgreSQL text array literal of the values, for `(array[…])[i]` inside a generate_series insert. */
function textArray(values: readonly string[]): SQL {
  return sql`array[${sql.join(
    values.map((value) => sql`${value}::text`),
    sql`, `,
  )}]`;
}

/**
 * Seeds `count` customer users spread over `count / 100` companies (at least 200) with Russian names, company
 * names and e-mail addresses, in one `insert … select generate_series` statement per 50,000 rows.
 */
export async function seedLargeUserBase(db: Db, count: number): Promise<void> {
  const companyCount = Math.max(200, Math.round(count / 100));
  const [{ first } = { first: 0 }] = (
    await db.execute<{ first: number }>(sql`select coalesce(max(id), 0) + 1 as first from companies`)
  ).rows;
  await db.execute(sql`
    insert into companies (name, inn)
    select
      (${textArray(FORMS)})[1 + g % ${FORMS.length}] || ' «' || (${textArray(STEMS)})[1 + (g / 4) % ${STEMS.length}]
        || (${textArray(ENDINGS)})[1 + (g / 80) % ${ENDINGS.length}] || '»'
        || coalesce(nullif(' ' || (${textArray(CITIES)})[1 + (g / 800) % ${CITIES.length}], ' '), ''),
      lpad((5400000000 + g)::text, 10, '0')
    from generate_series(0, ${companyCount - 1}::int) g`);

  const hash = sql`(select password_hash from users where username = 'manager')`;
  const male = textArray(OTHER_MALE_NAMES.map(([name]) => name));
  const maleLat = textArray(OTHER_MALE_NAMES.map(([, lat]) => lat));
  const female = textArray(FEMALE_NAMES.map(([name]) => name));
  const femaleLat = textArray(FEMALE_NAMES.map(([, lat]) => lat));
  const surnames = textArray(SURNAMES.map(([name]) => name));
  const surnamesLat = textArray(SURNAMES.map(([, lat]) => lat));
  const domains = textArray(DOMAINS);
  for (let start = 1; start <= count; start += 50_000) {
    const end = Math.min(count, start + 49_999);
    // Per row: s = surname index (scattered, so that names and surnames do not move together), f = 0 for an
    // Alexander, 1 for a woman, 2–3 for other men.
    await db.execute(sql`
      insert into users (username, username_key, password_hash, first_name, last_name, email, phone, state,
        company_id, date_joined)
      select login, login, ${hash}, first_name, last_name, login || '@' || (${domains})[1 + g % ${DOMAINS.length}],
        '+7 9' || lpad(((g * 7907) % 1000000000)::text, 9, '0'),
        (array['approved','approved','approved','pending','new','declined'])[1 + g % 6],
        ${first}::int + (g * 37) % ${companyCount}, now() - (g % 1500) * interval '1 day'
      from (
        select g,
          case f when 0 then 'Александр' when 1 then (${female})[1 + (g / 4) % ${FEMALE_NAMES.length}]
            else (${male})[1 + (g / 4) % ${OTHER_MALE_NAMES.length}] end as first_name,
          (${surnames})[1 + s] || case f when 1 then 'а' else '' end as last_name,
          case f when 0 then 'a' when 1 then (${femaleLat})[1 + (g / 4) % ${FEMALE_NAMES.length}]
            else (${maleLat})[1 + (g / 4) % ${OTHER_MALE_NAMES.length}] end
            || '.' || (${surnamesLat})[1 + s] || g as login
        from (select g, (g * 7919) % ${SURNAMES.length} as s, case g % 4 when 0 then 0 when 1 then 1 else 2 end as f
          from generate_series(${start}::int, ${end}::int) g) numbered
      ) people`);
  }
}
