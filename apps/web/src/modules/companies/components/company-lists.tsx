import {
  companyManagerFields,
  companyManagerPolicy,
  relatedUserFields,
  relatedUserPolicy,
  type User,
} from "@portal/domain";
import { useCurrentUser } from "../../../app/use-session";
import { listSource } from "../../../components/form/lookup-field";
import { companyLists, STAFF_PATH, users } from "../api";
import type { CompanyRow } from "../companies-grid";
import { EmployeesGrid } from "./employees-grid";
import { LinkedUsersGrid } from "./linked-users-grid";

const BY_NAME = "last_name,first_name";
/** A company's managers are chosen among the staff with manager powers, its related users among every user. */
const staffChoices = listSource<User>(STAFF_PATH, BY_NAME);
const userChoices = listSource<User>(users.path, BY_NAME);

const PERSON = [
  { field: "id", hidden: true, size: 90 },
  { field: "last_name", size: 150 },
  { field: "first_name", size: 140 },
] as const;

const MANAGER_COLUMNS = [...PERSON, { field: "phone", size: 150 }, { field: "email", size: 220 }] as const;
const RELATED_USER_COLUMNS = [
  ...PERSON,
  { field: "username", size: 150 },
  { field: "company_name", size: 220 },
  { field: "email", size: 220 },
] as const;

/**
 * A saved company's lists under its form: its employees, its managers (administrators change them; the
 * forwarder's own has none) and its related users.
 */
export function CompanyLists({ company }: { company: CompanyRow }) {
  const user = useCurrentUser();
  const lists = companyLists(company.id);
  return (
    <>
      <EmployeesGrid company={company} />
      {!company.is_expedition_company && (
        <LinkedUsersGrid
          gridId="company-managers"
          texts="managers"
          resource="company_manager"
          client={lists.managers}
          fields={companyManagerFields}
          columns={MANAGER_COLUMNS}
          userField="manager_id"
          body={() => import("../form-schemas").then((m) => m.companyManagerCreateBody)}
          choices={staffChoices}
          canWrite={companyManagerPolicy.canWrite(user)}
        />
      )}
      <LinkedUsersGrid
        gridId="company-related-users"
        texts="relatedUsers"
        resource="related_user"
        client={lists.relatedUsers}
        fields={relatedUserFields}
        columns={RELATED_USER_COLUMNS}
        userField="user_id"
        body={() => import("../form-schemas").then((m) => m.relatedUserCreateBody)}
        choices={userChoices}
        canWrite={relatedUserPolicy.canWrite(user)}
      />
    </>
  );
}
