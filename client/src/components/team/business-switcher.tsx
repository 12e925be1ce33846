import { ROLE_LABELS } from "@bahi/shared/contract";
import { Building2 } from "lucide-react";
import { useLocation } from "wouter";
import { describeError } from "../../api/errors.ts";
import { useSwitchBusiness } from "../../api/me.ts";
import { homeFor, type Access } from "../../auth/access.tsx";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "../ui/select.tsx";
import { toast } from "../ui/use-toast.ts";

/**
 * Issue 11: a person who belongs to several businesses works in one at a time. Switching moves
 * the session (POST /api/me/business), drops every cached read of the old business and opens the
 * first screen the new role may see.
 */
export function BusinessSwitcher({ access, onSwitched }: { access: Access; onSwitched?: () => void }) {
  const [, navigate] = useLocation();
  const switchBusiness = useSwitchBusiness();

  async function onChange(businessId: string) {
    if (businessId === access.businessId) return;
    try {
      const now = await switchBusiness.mutateAsync(businessId);
      toast({ title: `Switched to ${now.companyName || "your business"}`, description: `You work here as ${ROLE_LABELS[now.role]}.` });
      onSwitched?.();
      navigate(homeFor(now.role));
    } catch (error) {
      toast({ title: "Could not switch business", description: describeError(error, "An error occurred"), variant: "destructive" });
    }
  }

  return (
    <div className="mb-4">
      <label htmlFor="business-switcher" className="mb-1.5 flex items-center gap-1.5 text-[11px] font-semibold tracking-wide text-sidebar-foreground/60 uppercase">
        <Building2 aria-hidden="true" className="size-3.5" />
        Business
      </label>
      <Select value={access.businessId} onValueChange={(value) => void onChange(value)} disabled={switchBusiness.isPending}>
        <SelectTrigger id="business-switcher" aria-label="Business" className="border-sidebar-border bg-sidebar-accent text-white">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {access.businesses.map((business) => (
            <SelectItem key={business.businessId} value={business.businessId} hint={ROLE_LABELS[business.role]}>
              {business.companyName || "Unnamed business"}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}
