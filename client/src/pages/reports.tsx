import { ChartColumn } from "lucide-react";
import { ComingSoon } from "../components/coming-soon.tsx";

export function ReportsPage() {
  return (
    <ComingSoon
      title="Reports"
      description="Profit and loss, sales and GST reports"
      icon={ChartColumn}
      plans={["Profit and loss statement with your margin", "Sales summary by period", "Revenue against expenses over time"]}
    />
  );
}
