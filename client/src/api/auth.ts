import type { LoginInput, RegisterInput, User } from "@bahi/shared/contract";
import { useMutation } from "@tanstack/react-query";
import { useAuth } from "../auth/auth-provider.tsx";
import { toast } from "../components/ui/use-toast.ts";
import { requestJson } from "./http.ts";

export function useLogin() {
  const { signIn } = useAuth();
  return useMutation({
    mutationFn: (input: LoginInput) => requestJson<User>("POST", "/api/auth/login", input),
    onSuccess: signIn,
  });
}

export function useRegister() {
  const { signIn } = useAuth();
  return useMutation({
    mutationFn: (input: RegisterInput) => requestJson<User>("POST", "/api/auth/register", input),
    onSuccess: signIn,
  });
}

/** Logout always signs the browser out, even when the server cannot be reached (SPEC §4). */
export function useLogout() {
  const { signOut } = useAuth();
  return useMutation({
    mutationFn: () => requestJson<undefined>("POST", "/api/auth/logout"),
    onSettled: () => {
      signOut();
      toast({ title: "Success", description: "Logged out successfully" });
    },
  });
}
