import { FileText } from "lucide-react";
import { ComingSoon } from "../components/coming-soon.tsx";

export function InvoicesPage() {
  return (
    <ComingSoon
      title="Invoices"
      description="Create, send and track GST invoices"
      icon={FileText}
      plans={[
        "Create GST invoices with CGST, SGST or IGST worked out per line",
        "Track paid, pending and overdue invoices",
        "Preview and download any invoice",
      ]}
    />
  );
}
