import { ShieldCheck } from "lucide-react";
import { ComingSoon } from "../components/coming-soon.tsx";

export function GstCompliancePage() {
  return (
    <ComingSoon
      title="GST Compliance"
      description="Returns, e-invoices, e-way bills and GST tools"
      icon={ShieldCheck}
      plans={["File GSTR-1 and GSTR-3B", "Reconcile purchases against GSTR-2B", "Validate GSTINs and look up HSN/SAC codes"]}
    />
  );
}
