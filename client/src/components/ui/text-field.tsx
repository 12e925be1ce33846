import type { ComponentProps, ReactNode } from "react";
import { Field, fieldA11y } from "./field.tsx";
import { Input } from "./input.tsx";
import { Textarea } from "./textarea.tsx";

interface LabelledProps {
  id: string;
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  required?: boolean;
  className?: string;
}

/** A labelled input: `<TextField id label error {...form.register("name")} />`. */
export function TextField({ id, label, error, hint, required, className, ...input }: LabelledProps & Omit<ComponentProps<"input">, "id">) {
  return (
    <Field id={id} label={label} error={error} hint={hint} required={required} className={className}>
      <Input {...fieldA11y(id, error)} {...input} />
    </Field>
  );
}

export function TextareaField({ id, label, error, hint, required, className, ...textarea }: LabelledProps & Omit<ComponentProps<"textarea">, "id">) {
  return (
    <Field id={id} label={label} error={error} hint={hint} required={required} className={className}>
      <Textarea {...fieldA11y(id, error)} {...textarea} />
    </Field>
  );
}
