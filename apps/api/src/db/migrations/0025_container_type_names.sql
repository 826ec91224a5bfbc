ALTER TABLE "container_types" ADD COLUMN "description_en" varchar(255) DEFAULT '' NOT NULL;
--> statement-breakpoint
-- The book's English words move to description_en; description takes the Russian ones, as the other books' do
-- (reference-data/container-types.csv). A book loaded before keeps its rows: its descriptions are put in Russian here.
UPDATE "container_types" SET "description_en" = "description";
--> statement-breakpoint
UPDATE "container_types" SET "description" = CASE "description"
  WHEN 'TANK CONTAINER' THEN 'Контейнер-цистерна'
  WHEN 'INSULATED CONTAINER' THEN 'Изотермический контейнер'
  WHEN 'GENERAL PURPOSE CONT.' THEN 'Универсальный контейнер'
  WHEN 'FLAT (COLLAPSIBLE)' THEN 'Платформа со складными торцевыми стенками'
  WHEN 'HIGH CUBE CONT.' THEN 'Универсальный контейнер повышенной вместимости (High Cube)'
  WHEN 'REEFER CONT.(NO FOOD)' THEN 'Рефрижераторный контейнер (не для пищевых грузов)'
  WHEN 'OPEN TOP CONTAINER' THEN 'Контейнер с открытым верхом'
  WHEN 'FLAT (FIXED ENDS)' THEN 'Платформа с несъёмными торцевыми стенками'
  WHEN 'VENTILATED CONTAINER' THEN 'Вентилируемый контейнер'
  WHEN 'TANK FOR GAS' THEN 'Контейнер-цистерна для газов'
  WHEN 'REEFER CONTAINER' THEN 'Рефрижераторный контейнер'
  WHEN 'NAMED CARGO CONTAINER' THEN 'Контейнер для отдельных видов грузов'
  WHEN 'HARDTOP CONTAINER' THEN 'Контейнер со съёмной жёсткой крышей (Hardtop)'
  WHEN 'GP-CONTAINER OVER-HEIGHT' THEN 'Универсальный контейнер увеличенной высоты'
  WHEN 'BULK CONTAINER' THEN 'Контейнер для навалочных грузов'
  WHEN 'PLATFORM' THEN 'Платформа'
  WHEN 'FLAT (COLL.FLUSH FOLDING)' THEN 'Платформа со складывающимися заподлицо торцевыми стенками'
  WHEN 'VE-HALF-HEIGHT =1448 MM HEIGHT' THEN 'Вентилируемый контейнер половинной высоты (1448 мм)'
  WHEN 'REEFER HIGHCUBE CONTAINER' THEN 'Рефрижераторный контейнер повышенной вместимости (High Cube)'
  WHEN 'REEFER CONT.(DIESEL GEN.)' THEN 'Рефрижераторный контейнер с дизель-генератором'
  WHEN 'OPEN TOP (HALF HEIGHT)' THEN 'Контейнер с открытым верхом половинной высоты'
  WHEN 'HIGH CUBE HARDTOP CONT.' THEN 'Контейнер Hardtop повышенной вместимости (High Cube)'
  WHEN 'HIGH CUBE CONTAINER' THEN 'Универсальный контейнер повышенной вместимости (High Cube)'
  WHEN 'BUILT-IN GEN. F. POWER SPLY OF REEF' THEN 'Рефрижераторный контейнер со встроенным генератором'
  WHEN 'PLATFORM CONTAINER' THEN 'Контейнер-платформа'
  WHEN 'INSULATED SHIPPING CONTAINER' THEN 'Изотермический контейнер'
  WHEN 'HIGH CUBE CONT. (WIDTH 2.5M)' THEN 'Контейнер повышенной вместимости (High Cube) шириной 2,5 м'
  WHEN 'GP CONTAINER (WIDTH 2.5 M)' THEN 'Универсальный контейнер шириной 2,5 м'
  WHEN 'GP CONTAINER' THEN 'Универсальный контейнер'
  WHEN 'GENERAL PURPOSE CONTAINER' THEN 'Универсальный контейнер'
  WHEN 'GEN. PURP. WITHOUT VENT WIDTH 2.5M' THEN 'Универсальный контейнер без вентиляции шириной 2,5 м'
  WHEN 'FLAT SPACE SAVER' THEN 'Платформа Space Saver'
  WHEN 'FLAT (SPACE SAVER)' THEN 'Платформа Space Saver'
  WHEN 'FLAT (GENSET CARRIER)' THEN 'Платформа для генераторной установки'
  ELSE "description"
END;
