import type { WebModule } from "../../app/shell/web-module";

const MANAGERS = { flag: "is_manager" } as const;
const companyPage = () => import("./pages/company-page").then((m) => m.CompanyPage);

/**
 * /companies and the company form (spec 02): managers list and change the companies, and on a company's form its
 * employees, its managers and its related users.
 */
export const companiesModule = {
  namespaces: ["companies", "grid", "fields"],
  routes: [
    {
      path: "companies",
      page: () => import("./pages/companies-page").then((m) => m.CompaniesPage),
      // The grid's first page, asked for while the page's code loads
      prefetch: () => import("./prefetch").then((m) => m.prefetchCompanies()),
      access: MANAGERS,
    },
    { path: "company/add", page: companyPage, access: MANAGERS },
    { path: "company/edit/:id", page: companyPage, access: MANAGERS },
  ],
  nav: [{ to: "/companies", label: "nav.companies", icon: "BusinessOutlined", sections: ["/company/"] }],
  // A manager not confirmed yet sees only the profile tile (spec 02, Dashboard)
  tiles: [
    { id: "companies", icon: "BusinessOutlined", order: 5, to: "/companies", requires: { confirmed: true } },
  ],
} satisfies WebModule;
