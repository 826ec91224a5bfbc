import Box from "@mui/material/Box";
import { type ReactNode, useEffect, useRef, useState } from "react";

/**
 * Renders `children` once its place comes near the window (scrolled to, or 600 px before it), and a placeholder of
 * `minHeight` until then: a heavy part far down a page (a grid under a long form) loads its code when the user
 * goes there, not with the page.
 */
export function WhenVisible({ children, minHeight }: { children: ReactNode; minHeight: number }) {
  const place = useRef<HTMLDivElement>(null);
  const [isNear, setIsNear] = useState(false);
  useEffect(() => {
    const element = place.current;
    if (isNear || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setIsNear(true);
      },
      { rootMargin: "600px 0px" },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [isNear]);
  return isNear ? children : <Box ref={place} sx={{ minHeight }} aria-hidden />;
}
