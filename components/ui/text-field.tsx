import type { InputHTMLAttributes, ReactNode, Ref } from "react";
import { FormField } from "@/components/ui/form-field";

type TextFieldProps = InputHTMLAttributes<HTMLInputElement> & {
  id: string;
  label: ReactNode;
  error?: string;
  ref?: Ref<HTMLInputElement>;
};

export function TextField({ id, label, error, ...inputProps }: TextFieldProps) {
  return (
    <FormField id={id} label={label} error={error}>
      {(aria) => <input className="input" {...aria} {...inputProps} />}
    </FormField>
  );
}
