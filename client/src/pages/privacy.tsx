import { StaticPage } from "../components/static-page.tsx";

export function PrivacyPage() {
  return (
    <StaticPage title="Privacy Policy">
      <section>
        <h2>What we keep</h2>
        <p>
          Your account details (name, email, company, phone) and the business records you enter: customers, vendors, products, invoices, expenses and GST returns. Passwords are
          stored only as salted hashes.
        </p>
      </section>
      <section>
        <h2>How we use it</h2>
        <p>Only to run Bahi for you: to show your records, calculate GST and prepare your returns. We do not sell your data or show you advertising.</p>
      </section>
      <section>
        <h2>Who can see it</h2>
        <p>Every record belongs to your account and is visible only when you are signed in. Sessions use a secure, http-only cookie.</p>
      </section>
    </StaticPage>
  );
}
