import { sql } from "drizzle-orm";
import type { Db } from "../../apps/api/src/db/client.ts";

/**
 * Seeds `count` customer users spread over 200 companies, in one statement per 5,000 rows (generate_series),
 * with Russian names so that searches and filters meet realistic text.
 */
export async function seedLargeUserBase(db: Db, count: number): Promise<void> {
  await db.execute(sql`
    insert into companies (name, inn)
    select 'ООО «Компания ' || g || '»', lpad((5400000000 + g)::text, 10, '0') from generate_series(1, 200) g`);
  const hash = sql`(select password_hash from users where username = 'manager')`;
  for (let start = 1; start <= count; start += 5000) {
    const end = Math.min(count, start + 4999);
    await db.execute(sql`
      insert into users (username, password_hash, first_name, last_name, email, phone, state, company_id)
      select 'bench' || g, ${hash},
        (array['Иван','Пётр','Анна','Мария','Олег','Ирина','Сергей','Елена'])[1 + g % 8],
        (array['Иванов','Петрова','Сидоров','Кузнецова','Лесников','Морозов','Волкова','Смирнов'])[1 + (g / 8) % 8] || g,
        'bench' || g || '@example.ru', '+7 900 ' || lpad(g::text, 7, '0'),
        (array['approved','approved','approved','pending','new','declined'])[1 + g % 6],
        (select min(id) from companies) + 4 + g % 200
      from generate_series(${start}::int, ${end}::int) g`);
  }
  await db.execute(sql`analyze`);
}
