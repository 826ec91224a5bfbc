import { Manual } from "../components/manual";

/** /help: the user manual. */
export function HelpPage() {
  return <Manual manual="user" />;
}
