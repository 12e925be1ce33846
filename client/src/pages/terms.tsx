import { StaticPage } from "../components/static-page.tsx";

export function TermsPage() {
  return (
    <StaticPage title="Terms of Service">
      <section>
        <h2>Your account</h2>
        <p>Keep your password private; you are responsible for what is done with your account.</p>
      </section>
      <section>
        <h2>Plans</h2>
        <p>The Free plan allows up to 10 invoices per month. Paid plans are billed monthly in rupees and can be changed at any time.</p>
      </section>
      <section>
        <h2>Your records</h2>
        <p>Bahi calculates GST from the figures you enter. Check invoices and returns before you send or file them; the responsibility for filing stays with the taxpayer.</p>
      </section>
    </StaticPage>
  );
}
