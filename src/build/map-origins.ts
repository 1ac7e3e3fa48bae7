// The origins the configured basemap needs in the CSP (issue 31): read by the build only
// (csp-integration.ts writes them into dist/.csp.json), so neither host bundles the setting.
import { mapStyleSetting } from "../domain/map-style-setting.ts";

/** None for the bundled style or a style served by this site; else the style URL's origin. */
export function mapOrigins(styleUrl: string | undefined): string[] {
  const setting = mapStyleSetting(styleUrl);
  return setting.kind === "remote" && setting.origin ? [setting.origin] : [];
}
