import { Manual } from "../components/manual";

/** /help/internal: the staff's manual (the route requires `is_manager`). */
export function InternalHelpPage() {
  return <Manual manual="helpInternal" />;
}
