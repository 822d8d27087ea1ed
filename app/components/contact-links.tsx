import { MailIcon, MapPinIcon, PhoneIcon } from "lucide-react";
import {
  directionsLinks,
  formatAddress,
  telephoneHref,
  type SiteSettings,
} from "~/settings/site-settings";

/**
 * The pub's address (a link to directions in Google Maps), its phone and,
 * unless left out, its email, one under the other, each after its icon.
 */
export function ContactLinks({
  settings,
  className,
  linkClassName,
  iconClassName,
  callWord = false,
  withEmail = true,
}: {
  settings: SiteSettings;
  className: string;
  linkClassName: string;
  iconClassName: string;
  /** "Call 519-555-0134" rather than the number alone. */
  callWord?: boolean;
  withEmail?: boolean;
}) {
  return (
    <address className={className}>
      <a href={directionsLinks(settings).google} className={linkClassName}>
        <MapPinIcon aria-hidden="true" className={iconClassName} />
        {formatAddress(settings)}
      </a>
      <a href={telephoneHref(settings.phone)} className={linkClassName}>
        <PhoneIcon aria-hidden="true" className={iconClassName} />
        {callWord ? "Call " : null}
        {settings.phone}
      </a>
      {withEmail ? (
        <a href={`mailto:${settings.email}`} className={linkClassName}>
          <MailIcon aria-hidden="true" className={iconClassName} />
          {settings.email}
        </a>
      ) : null}
    </address>
  );
}
