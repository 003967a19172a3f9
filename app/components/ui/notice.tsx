const TONES = {
  note: "bg-wood-100 text-stone-700",
  refusal: "border border-red-200 bg-red-50 text-red-800",
} as const;

/**
 * A line of its own under a list's title: a note (nothing to show, nothing matches), or why the list was refused
 * (an alert, said at once).
 */
export function Notice({ tone = "note", children }: { tone?: keyof typeof TONES; children: React.ReactNode }) {
  return (
    <p role={tone === "refusal" ? "alert" : undefined} className={`mt-4 rounded-md px-4 py-3 ${TONES[tone]}`}>
      {children}
    </p>
  );
}
