import { Skeleton } from "@/components/ui/skeleton";

export default function AuditLoading() {
  return (
    <div className="flex flex-col gap-4" aria-busy="true" aria-label="Loading the audit log">
      <Skeleton className="h-7 w-40" />
      <Skeleton className="h-20 w-full" />
      {Array.from({ length: 8 }, (_, i) => (
        <Skeleton key={i} className="h-10 w-full" />
      ))}
    </div>
  );
}
