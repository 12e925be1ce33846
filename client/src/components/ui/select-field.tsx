import type { ReactNode } from "react";
import { Controller, type Control, type FieldPath, type FieldValues } from "react-hook-form";
import { Field, fieldA11y } from "./field.tsx";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "./select.tsx";

export interface SelectOption {
  value: string;
  label: string;
  /** Shown beside the option in the list only. */
  hint?: string;
}

interface SelectFieldProps<T extends FieldValues, TOutput> {
  control: Control<T, unknown, TOutput>;
  name: FieldPath<T>;
  id: string;
  label: ReactNode;
  options: readonly SelectOption[];
  placeholder?: string;
  error?: string | undefined;
  hint?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  className?: string;
  /** Runs after the form value has changed (e.g. to fill other fields from the choice). */
  onChosen?: (value: string) => void;
}

/** A labelled Radix select bound to a react-hook-form field; "" shows the placeholder. */
export function SelectField<T extends FieldValues, TOutput = T>({
  control,
  name,
  id,
  label,
  options,
  placeholder,
  error,
  hint,
  required,
  disabled,
  className,
  onChosen,
}: SelectFieldProps<T, TOutput>) {
  return (
    <Field id={id} label={label} error={error} hint={hint} required={required} className={className}>
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <Select
            value={typeof field.value === "string" ? field.value : ""}
            onValueChange={(value) => {
              field.onChange(value);
              onChosen?.(value);
            }}
            disabled={disabled}
          >
            <SelectTrigger {...fieldA11y(id, error)} ref={field.ref} onBlur={field.onBlur}>
              <SelectValue placeholder={placeholder} />
            </SelectTrigger>
            <SelectContent>
              {options.map((option) => (
                <SelectItem key={option.value} value={option.value} hint={option.hint}>
                  {option.label}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        )}
      />
    </Field>
  );
}
