import { StatusText } from "@/components/knowledge/status-text";

/** A list's status filter: "" for any status, else one of the values Dify filters by. */
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
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className="select"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">{anyLabel}</option>
        {statuses.map((status) => (
          <option key={status} value={status}>
            <StatusText status={status} />
          </option>
        ))}
      </select>
    </div>
  );
}
