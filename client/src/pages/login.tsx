import { loginSchema } from "@bahi/shared/contract";
import type { LoginInput } from "@bahi/shared/contract";
import { zodResolver } from "@hookform/resolvers/zod";
import { ArrowLeft } from "lucide-react";
import { useForm } from "react-hook-form";
import { Link, useLocation, useSearch } from "wouter";
import type { z } from "zod";
import { useLogin } from "../api/auth.ts";
import { describeError } from "../api/errors.ts";
import { landingAfterSignIn } from "../auth/access.tsx";
import { nextPathFrom, withNext } from "../auth/next-path.ts";
import { AuthShell } from "../components/auth-shell.tsx";
import { Button } from "../components/ui/button.tsx";
import { TextField } from "../components/ui/text-field.tsx";
import { toast } from "../components/ui/use-toast.ts";
import { applyServerFieldErrors } from "../lib/form-errors.ts";

/**
 * /login, and also what an application route shows when signed out; `stayOnPage` keeps the user
 * on that route after signing in instead of going to /dashboard. `?next=` (an invite link) comes
 * back to that path; otherwise staff, who have no dashboard, start at the invoices (issue 11).
 */
export function LoginPage({ stayOnPage = false }: { stayOnPage?: boolean }) {
  const [, navigate] = useLocation();
  const next = nextPathFrom(useSearch());
  const login = useLogin();
  const form = useForm<z.input<typeof loginSchema>, unknown, LoginInput>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: "", password: "" },
  });
  const { errors } = form.formState;

  async function onSubmit(input: LoginInput) {
    try {
      await login.mutateAsync(input);
      toast({ title: "Login Successful!", description: "Welcome back." });
      if (!stayOnPage) navigate(next ?? (await landingAfterSignIn()));
    } catch (error) {
      applyServerFieldErrors(error, form.setError, ["email", "password"]);
      toast({
        title: "Login Failed",
        description: describeError(error, "Invalid email or password. Please try again."),
        variant: "destructive",
      });
    }
  }

  return (
    <AuthShell>
      <div className="rounded-2xl border bg-card p-8 shadow-xl shadow-slate-900/5">
        <div className="mb-6 space-y-1.5">
          <h1 className="text-2xl font-bold tracking-tight">Welcome Back</h1>
          <p className="text-sm text-muted-foreground">Sign in to your account</p>
        </div>
        <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="grid gap-4">
          <TextField
            id="login-email"
            label="Email Address"
            type="email"
            autoComplete="email"
            placeholder="you@business.in"
            error={errors.email?.message}
            {...form.register("email")}
          />
          <TextField
            id="login-password"
            label="Password"
            type="password"
            autoComplete="current-password"
            placeholder="Your password"
            error={errors.password?.message}
            {...form.register("password")}
          />
          <Button type="submit" size="lg" className="mt-2 w-full" disabled={login.isPending}>
            {login.isPending ? "Signing In..." : "Sign In"}
          </Button>
        </form>
        <p className="mt-6 text-center text-sm text-muted-foreground">
          Don&apos;t have an account?{" "}
          <Link href={withNext("/register", next)} className="font-medium text-primary hover:underline">
            Start your free trial
          </Link>
        </p>
      </div>
      <p className="mt-6 text-center text-sm">
        <Link href="/" className="inline-flex items-center gap-1.5 text-muted-foreground hover:text-foreground">
          <ArrowLeft aria-hidden="true" className="size-4" />
          Back to Homepage
        </Link>
      </p>
    </AuthShell>
  );
}
