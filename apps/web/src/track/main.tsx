import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { TrackPage } from "./track-page";

// The public tracking page (docs/decisions.md "Public tracking links"): an entry of its own, with none of the signed-in
// app (no router, no MUI, no query cache), so that a consignee's phone loads a few kilobytes beyond React.

const root = document.getElementById("root");
if (!root) throw new Error("track.html has no #root element");
const token = decodeURIComponent(window.location.pathname.replace(/^\/track\//, "").replace(/\/$/, ""));

createRoot(root).render(
  <StrictMode>
    <TrackPage token={token} />
  </StrictMode>,
);
