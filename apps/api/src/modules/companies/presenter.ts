/** A manager of a company as the Contacts popup and the company form show them. */
export function presentCompanyManager(row: {
  id: number;
  manager_id: number;
  first_name: string;
  last_name: string;
  phone: string;
  email: string;
}) {
  const { id, manager_id, ...person } = row;
  return { id, manager_id, manager: person, ...person };
}
