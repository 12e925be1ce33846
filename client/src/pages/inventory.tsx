import { Package } from "lucide-react";
import { ComingSoon } from "../components/coming-soon.tsx";

export function InventoryPage() {
  return (
    <ComingSoon
      title="Inventory"
      description="Products, stock levels and low-stock alerts"
      icon={Package}
      plans={["Add products with SKU, price and GST rate", "See stock value and category counts", "Get alerts before stock runs out"]}
    />
  );
}
