import Divider from "@mui/material/Divider";
import Menu from "@mui/material/Menu";
import type { MenuEntry } from "../shell/web-module";
import { LanguageMenuItem } from "./language-menu-item";
import { ModuleMenuItem } from "./module-menu-item";

/** The modules' navigation in a menu, where the header has no room for it (below 900 px), with the language. */
export function NavMenu(props: {
  anchor: HTMLElement;
  entries: readonly MenuEntry[];
  isCurrent: (entry: MenuEntry) => boolean;
  onClose: () => void;
}) {
  return (
    <Menu anchorEl={props.anchor} open onClose={props.onClose}>
      {props.entries.map((entry) => (
        <ModuleMenuItem
          key={entry.to}
          entry={entry}
          selected={props.isCurrent(entry)}
          onClick={props.onClose}
        />
      ))}
      {/* Where a phone user looks for it: the header's language buttons give way below 600 px */}
      <Divider />
      <LanguageMenuItem onClick={props.onClose} />
    </Menu>
  );
}
