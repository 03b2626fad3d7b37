"use client";

import { useId } from "react";
import { Label, Select } from "@/components/ui/input";
import type { SelectFilterMeta } from "../features";

/**
 * A closed list of values. A value from a pasted link that is not among the options (the
 * contract lets any short word through) is still shown, so the control never lies.
 */
export function SelectFilter({
  meta,
  value,
  onCommit,
}: {
  meta: SelectFilterMeta;
  value: string | null;
  onCommit: (value: string | null) => void;
}) {
  const id = useId();
  const known = value === null || meta.options.some((o) => o.value === value);
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <Label htmlFor={id}>{meta.label}</Label>
      <Select
        id={id}
        value={value ?? ""}
        data-filter-key={meta.key}
        onChange={(event) => onCommit(event.target.value === "" ? null : event.target.value)}
      >
        <option value="">{meta.anyLabel}</option>
        {meta.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
        {!known && value ? <option value={value}>{value}</option> : null}
      </Select>
    </div>
  );
}
