import { Manual } from "../components/manual";

/** /help/internal: the managers' manual (the route requires `is_manager`). */
export function InternalHelpPage() {
  return <Manual manual="internal" />;
}
