import { Manual } from "../components/manual";

/** /help: the users' manual. */
export function HelpPage() {
  return <Manual manual="help" />;
}
