import { createShell } from "../app/shell/registry";
import type { WebModule } from "../app/shell/web-module";
import { authModule } from "./auth/module";
import { companiesModule } from "./companies/module";
import { containersModule } from "./containers/module";
import { dashboardModule } from "./dashboard/module";
import { dictionariesModule } from "./dictionaries/module";
import { exportsModule } from "./exports/module";
import { helpModule } from "./help/module";
import { integrationsModule } from "./integrations/module";
import { mailOutboxModule } from "./mail-outbox/module";
import { monitoringModule } from "./monitoring/module";
import { notificationsModule } from "./notifications/module";
import { orderImportModule } from "./order-import/module";
import { ordersModule } from "./orders/module";
import { priceListsModule } from "./price-lists/module";
import { profileModule } from "./profile/module";
import { profilesModule } from "./profiles/module";

/**
 * Every module of the web app, in the order of their menu entries. Adding one: its declaration (module.ts)
 * and a line here (docs/adding-a-resource.md, "Web module").
 */
export const MODULES: readonly WebModule[] = [
  authModule,
  dashboardModule,
  ordersModule,
  orderImportModule,
  containersModule,
  profileModule,
  monitoringModule,
  companiesModule,
  profilesModule,
  dictionariesModule,
  priceListsModule,
  exportsModule,
  mailOutboxModule,
  integrationsModule,
  notificationsModule,
  helpModule,
];

/** The routes, menus and tiles of every module: the router, the header and the dashboard read them here. */
export const shell = createShell(MODULES);
