import { useState, type FormEvent } from "react";
import { Link, useLocation } from "wouter";
import { useLogin } from "../../api/auth.ts";
import { HttpError } from "../../api/http.ts";
import { landingAfterSignIn } from "../../auth/access.tsx";
import { Button } from "../ui/button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from "../ui/dialog.tsx";
import { TextField } from "../ui/text-field.tsx";
import { toast } from "../ui/use-toast.ts";

/** The landing page's quick login (SPEC §2, §5, §8): only an emptiness check, one generic failure toast. */
export function LoginDialog() {
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [, navigate] = useLocation();
  const login = useLogin();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!email || !password) {
      toast({ title: "Error", description: "Please enter both email and password", variant: "destructive" });
      return;
    }
    try {
      await login.mutateAsync({ email, password });
      setOpen(false);
      toast({ title: "Success", description: "Logged in successfully!" });
      // Issue 11: staff have no dashboard; they start at the invoices.
      navigate(await landingAfterSignIn());
    } catch (error) {
      console.warn("Login failed:", (error instanceof HttpError && error.errorBody?.message) || "Login failed");
      toast({ title: "Error", description: "Invalid email or password", variant: "destructive" });
    }
  }

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="ghost">Login</Button>
      </DialogTrigger>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>Login to your account</DialogTitle>
          <DialogDescription>Pick up where you left off with your invoices and GST.</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} className="grid gap-4">
          <TextField
            id="landing-login-email"
            label="Email"
            type="email"
            autoComplete="email"
            placeholder="you@business.in"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
          <TextField
            id="landing-login-password"
            label="Password"
            type="password"
            autoComplete="current-password"
            placeholder="Your password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
          <Button type="submit" className="w-full" disabled={login.isPending}>
            {login.isPending ? "Logging in..." : "Login to Dashboard"}
          </Button>
        </form>
        <p className="text-center text-sm text-muted-foreground">
          New to Bahi?{" "}
          <Link href="/register" onClick={() => setOpen(false)} className="font-medium text-primary hover:underline">
            Sign up
          </Link>
        </p>
      </DialogContent>
    </Dialog>
  );
}
