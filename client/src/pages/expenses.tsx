import { Receipt } from "lucide-react";
import { ComingSoon } from "../components/coming-soon.tsx";

export function ExpensesPage() {
  return (
    <ComingSoon
      title="Expenses"
      description="Business spending with its GST"
      icon={Receipt}
      plans={["Record expenses by category and vendor", "See GST paid and this month's total", "Keep input tax credit eligible purchases in order"]}
    />
  );
}
