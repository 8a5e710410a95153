import { Controller, type Control, type FieldPath, type FieldValues } from "react-hook-form";
import { FileField, type FileFieldProps } from "@/components/files/file-field";
import type { ControlProps } from "@/components/ui/form-field";
import type { AttachedFile } from "@/lib/form/answers";

type ControlledFileFieldProps<T extends FieldValues> = Pick<
  FileFieldProps,
  "field" | "uploadTarget" | "limits" | "onStateChange"
> & {
  control: Control<T>;
  name: FieldPath<T>;
  aria: ControlProps;
  labelId: string;
};

/** A file field bound to a react-hook-form value (a list of attached files) inside a FormField. */
export function ControlledFileField<T extends FieldValues>({
  control,
  name,
  aria,
  labelId,
  ...rest
}: ControlledFileFieldProps<T>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field: controlled }) => (
        <FileField
          {...rest}
          inputId={aria.id}
          labelId={labelId}
          describedBy={aria["aria-describedby"]}
          invalid={Boolean(aria["aria-invalid"])}
          value={Array.isArray(controlled.value) ? (controlled.value as AttachedFile[]) : []}
          onChange={controlled.onChange}
        />
      )}
    />
  );
}
