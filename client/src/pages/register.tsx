import { registerFormSchema } from "@bahi/shared/contract";
import { zodResolver } from "@hookform/resolvers/zod";
import { ArrowLeft, CircleCheck, Info, PartyPopper } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useLocation, useSearch } from "wouter";
import type { z } from "zod";
import { useRegister } from "../api/auth.ts";
import { describeError } from "../api/errors.ts";
import { HttpError } from "../api/http.ts";
import { nextPathFrom, withNext } from "../auth/next-path.ts";
import { AuthShell } from "../components/auth-shell.tsx";
import { PRODUCT_NAME } from "../components/brand.tsx";
import { Button } from "../components/ui/button.tsx";
import { TextField } from "../components/ui/text-field.tsx";
import { toast } from "../components/ui/use-toast.ts";
import { applyServerFieldErrors } from "../lib/form-errors.ts";

type RegisterFormInput = z.input<typeof registerFormSchema>;
type RegisterFormOutput = z.output<typeof registerFormSchema>;

const FREE_PLAN_ITEMS = ["Create up to 10 invoices per month", "Manage customers and products", "Track expenses and inventory", "Generate business reports"];

function BackToHomepage() {
  return (
    <Link href="/" className="inline-flex items-center gap-1.5 text-sm text-muted-foreground hover:text-foreground">
      <ArrowLeft aria-hidden="true" className="size-4" />
      Back to Homepage
    </Link>
  );
}

function RegistrationSuccess() {
  return (
    <div className="rounded-2xl border bg-card p-8 text-center shadow-xl shadow-slate-900/5">
      <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-emerald-100 text-emerald-600">
        <PartyPopper aria-hidden="true" className="size-7" />
      </span>
      <h1 className="mt-5 text-2xl font-bold tracking-tight">Welcome to {PRODUCT_NAME}</h1>
      <p className="mt-2 text-sm text-muted-foreground">Your free account has been created successfully.</p>
      <div className="mt-6 rounded-xl border border-indigo-100 bg-indigo-50/70 p-5 text-left">
        <h2 className="text-sm font-semibold text-indigo-900">Your Free Plan Includes</h2>
        <ul className="mt-3 grid gap-2.5">
          {FREE_PLAN_ITEMS.map((item) => (
            <li key={item} className="flex items-start gap-2.5 text-sm text-indigo-950/80">
              <CircleCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-emerald-600" />
              {item}
            </li>
          ))}
        </ul>
      </div>
      <div className="mt-6 grid gap-3">
        <Button asChild size="lg" className="w-full">
          <Link href="/setup">Set up your business</Link>
        </Button>
        <Button asChild variant="outline" className="w-full">
          <Link href="/dashboard">Access Your Dashboard</Link>
        </Button>
        <Button asChild variant="outline" className="w-full">
          <Link href="/">Back to Homepage</Link>
        </Button>
      </div>
    </div>
  );
}

export function RegisterPage() {
  const [registered, setRegistered] = useState(false);
  const [, navigate] = useLocation();
  // Issue 11: registering from an invite link goes straight back to it, to accept.
  const next = nextPathFrom(useSearch());
  const register = useRegister();
  const form = useForm<RegisterFormInput, unknown, RegisterFormOutput>({
    resolver: zodResolver(registerFormSchema),
    defaultValues: { firstName: "", lastName: "", email: "", companyName: "", phone: "", password: "", confirmPassword: "" },
  });
  const { errors } = form.formState;

  async function onSubmit({ confirmPassword: _confirmation, ...input }: RegisterFormOutput) {
    try {
      await register.mutateAsync(input);
      toast({
        title: "Registration Successful!",
        description: "Your free account is ready: create up to 10 invoices per month at no cost.",
      });
      if (next) navigate(next);
      else setRegistered(true);
    } catch (error) {
      applyServerFieldErrors(error, form.setError, ["email", "password", "firstName", "lastName", "companyName", "phone"]);
      if (error instanceof HttpError && error.status === 409) {
        form.setError("email", { type: "server", message: describeError(error, "") }, { shouldFocus: true });
      }
      toast({
        title: "Registration Failed",
        description: describeError(error, "An error occurred during registration. Please try again."),
        variant: "destructive",
      });
    }
  }

  if (registered) {
    return (
      <AuthShell>
        <RegistrationSuccess />
      </AuthShell>
    );
  }

  return (
    <AuthShell>
      <div className="rounded-2xl border bg-card p-8 shadow-xl shadow-slate-900/5">
        <div className="mb-6 space-y-1.5">
          <h1 className="text-2xl font-bold tracking-tight">Start Your Free Trial</h1>
          <p className="text-sm text-muted-foreground">Create 10 invoices per month at no cost</p>
        </div>
        <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="grid gap-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField id="register-firstName" label="First Name" error={errors.firstName?.message} autoComplete="given-name" placeholder="Asha" {...form.register("firstName")} />
            <TextField id="register-lastName" label="Last Name" error={errors.lastName?.message} autoComplete="family-name" placeholder="Verma" {...form.register("lastName")} />
          </div>
          <TextField
            id="register-email"
            label="Email Address"
            error={errors.email?.message}
            type="email"
            autoComplete="email"
            placeholder="you@business.in"
            {...form.register("email")}
          />
          <TextField
            id="register-companyName"
            label="Company Name (Optional)"
            error={errors.companyName?.message}
            autoComplete="organization"
            placeholder="Verma Traders"
            {...form.register("companyName")}
          />
          <TextField
            id="register-phone"
            label="Phone Number (Optional)"
            error={errors.phone?.message}
            type="tel"
            autoComplete="tel"
            placeholder="+91 98765 43210"
            {...form.register("phone")}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              id="register-password"
              label="Password"
              error={errors.password?.message}
              type="password"
              autoComplete="new-password"
              placeholder="At least 6 characters"
              {...form.register("password")}
            />
            <TextField
              id="register-confirmPassword"
              label="Confirm Password"
              error={errors.confirmPassword?.message}
              type="password"
              autoComplete="new-password"
              placeholder="Repeat password"
              {...form.register("confirmPassword")}
            />
          </div>
          <p className="flex gap-2.5 rounded-lg bg-indigo-50 p-3 text-xs leading-relaxed text-indigo-900">
            <Info aria-hidden="true" className="mt-px size-4 shrink-0 text-indigo-600" />
            <span>The free plan includes up to 10 invoices per month. Upgrade at any time for unlimited invoices and advanced features.</span>
          </p>
          <Button type="submit" size="lg" className="w-full" disabled={register.isPending}>
            {register.isPending ? "Creating Account..." : "Start Free Trial"}
          </Button>
        </form>
        <p className="mt-6 text-center text-sm text-muted-foreground">
          Already have an account?{" "}
          <Link href={withNext("/login", next)} className="font-medium text-primary hover:underline">
            Sign in here
          </Link>
        </p>
      </div>
      <p className="mt-6 text-center">
        <BackToHomepage />
      </p>
    </AuthShell>
  );
}
