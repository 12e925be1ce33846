/** The hero's illustration: what a Bahi invoice looks like, drawn in HTML. */
const LINES = [
  { item: "Cotton shirts (HSN 6205)", qty: 20, amount: "₹8,000" },
  { item: "Denim trousers (HSN 6203)", qty: 5, amount: "₹2,000" },
];

export function InvoicePreview() {
  return (
    <div aria-hidden="true" className="relative mx-auto w-full max-w-md">
      <div className="absolute -inset-4 rotate-2 rounded-3xl bg-gradient-to-br from-indigo-200/60 to-violet-200/60 blur-sm" />
      <div className="relative rounded-2xl border border-slate-200 bg-white p-6 shadow-2xl shadow-indigo-900/10">
        <div className="flex items-start justify-between">
          <div>
            <p className="text-xs font-medium tracking-wider text-slate-500 uppercase">Tax Invoice</p>
            <p className="mt-1 text-lg font-semibold text-slate-900">INV-202501-042</p>
          </div>
          <span className="rounded-full bg-emerald-100 px-2.5 py-1 text-xs font-semibold text-emerald-700">Paid</span>
        </div>
        <div className="mt-5 grid grid-cols-2 gap-4 text-xs">
          <div>
            <p className="text-slate-500">Bill to</p>
            <p className="mt-0.5 font-medium text-slate-800">Sharma Garments</p>
            <p className="text-slate-500">GSTIN 27AAPFU0939F1ZV</p>
          </div>
          <div className="text-right">
            <p className="text-slate-500">Place of supply</p>
            <p className="mt-0.5 font-medium text-slate-800">Maharashtra (27)</p>
          </div>
        </div>
        <div className="mt-5 divide-y divide-slate-100 rounded-lg border border-slate-100 text-xs">
          {LINES.map((line) => (
            <div key={line.item} className="flex items-center justify-between px-3 py-2.5">
              <span className="text-slate-700">{line.item}</span>
              <span className="text-slate-500">× {line.qty}</span>
              <span className="font-medium text-slate-800">{line.amount}</span>
            </div>
          ))}
        </div>
        <dl className="mt-4 grid gap-1.5 text-xs">
          <div className="flex justify-between text-slate-600">
            <dt>Taxable value</dt>
            <dd>₹10,000</dd>
          </div>
          <div className="flex justify-between text-slate-600">
            <dt>CGST 6%</dt>
            <dd>₹600</dd>
          </div>
          <div className="flex justify-between text-slate-600">
            <dt>SGST 6%</dt>
            <dd>₹600</dd>
          </div>
          <div className="mt-1 flex justify-between border-t border-slate-100 pt-2 text-sm font-semibold text-slate-900">
            <dt>Total</dt>
            <dd>₹11,200</dd>
          </div>
        </dl>
      </div>
    </div>
  );
}
