import { FileText, LayoutDashboard, ReceiptText, Truck, Wrench } from "lucide-react";
import { useState } from "react";
import { EInvoiceInfo } from "../components/gst/e-invoice-info.tsx";
import { EwayBills } from "../components/gst/eway-bills.tsx";
import { GstOverview } from "../components/gst/gst-overview.tsx";
import { GstReturns } from "../components/gst/gst-returns.tsx";
import { GstTools } from "../components/gst/gst-tools.tsx";
import { PageHeader } from "../components/page-header.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../components/ui/tabs.tsx";

const TABS = [
  { value: "overview", label: "Overview", icon: LayoutDashboard },
  { value: "returns", label: "GST Returns", icon: FileText },
  { value: "e-invoice", label: "E-Invoice", icon: ReceiptText },
  { value: "e-way-bill", label: "E-Way Bill", icon: Truck },
  { value: "tools", label: "GST Tools", icon: Wrench },
] as const;

export function GstCompliancePage() {
  const [tab, setTab] = useState<string>("overview");
  return (
    <>
      <PageHeader title="GST Compliance" description="Returns, reconciliation, e-invoices, e-way bills and GST tools" />
      <Tabs value={tab} onValueChange={setTab}>
        <TabsList aria-label="GST Compliance sections">
          {TABS.map(({ value, label, icon: Icon }) => (
            <TabsTrigger key={value} value={value}>
              <Icon aria-hidden="true" />
              {label}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="overview">
          <GstOverview />
        </TabsContent>
        <TabsContent value="returns">
          <GstReturns />
        </TabsContent>
        <TabsContent value="e-invoice">
          <EInvoiceInfo />
        </TabsContent>
        <TabsContent value="e-way-bill">
          <EwayBills />
        </TabsContent>
        <TabsContent value="tools">
          <GstTools />
        </TabsContent>
      </Tabs>
    </>
  );
}
