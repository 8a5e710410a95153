import { useStatusText } from "@/components/knowledge/status-text";
import { FormField } from "@/components/ui/form-field";

export function StatusFilter({
  id,
  label,
  anyLabel,
  statuses,
  value,
  onChange,
}: {
  id: string;
  label: string;
  anyLabel: string;
  statuses: readonly string[];
  value: string;
  onChange: (status: string) => void;
}) {
  const statusText = useStatusText();
  return (
    <FormField id={id} label={label}>
      {(control) => (
        <select
          className="select"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          {...control}
        >
          <option value="">{anyLabel}</option>
          {statuses.map((status) => (
            <option key={status} value={status}>
              {statusText(status)}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}
