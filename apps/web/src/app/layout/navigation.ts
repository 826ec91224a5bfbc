import type { SvgIconComponent } from "@mui/icons-material";
import DashboardOutlinedIcon from "@mui/icons-material/DashboardOutlined";
import ManageAccountsOutlinedIcon from "@mui/icons-material/ManageAccountsOutlined";
import PersonOutlineIcon from "@mui/icons-material/PersonOutline";
import type { CurrentUser } from "../current-user";

export interface NavEntry {
  to: string;
  /** Key in the `common` catalog. */
  label: string;
  icon: SvgIconComponent;
  /** Who sees the entry; the route's guard and the API enforce the same rule. */
  isVisible: (user: CurrentUser) => boolean;
}

/**
 * Header navigation (spec 01 §2). Only routed pages are listed; entries for Shipping orders (/freight-orders),
 * Containers (/containers), Monitoring (/monitoring, `can_access_to_monitoring`) and Companies (/companies,
 * `is_manager`) are added with their screens. Pages of company data also need `isConfirmed(user)`.
 */
export const HEADER_NAV: NavEntry[] = [
  { to: "/dashboard", label: "nav.dashboard", icon: DashboardOutlinedIcon, isVisible: () => true },
  {
    to: "/profiles",
    label: "nav.profiles",
    icon: ManageAccountsOutlinedIcon,
    isVisible: (user) => user.is_manager,
  },
];

/**
 * Links of the profile menu. Terminal report (/reports/terminal-utro), Transport (/transport) and Services
 * (/services, both `can_edit_refbook`) are added with their screens.
 */
export const PROFILE_MENU: NavEntry[] = [
  { to: "/profile", label: "menu.profile", icon: PersonOutlineIcon, isVisible: () => true },
];
