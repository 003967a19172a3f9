/** One of the home page's sections: its heading centred above, the whole in the page's width. */
export function HomeSection({
  headingId,
  title,
  id,
  className,
  children,
}: {
  /** The heading's id, which names the section. */
  headingId: string;
  title: string;
  /** The section's own id, where a link jumps to it. */
  id?: string;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className={`mx-auto max-w-6xl px-4 py-14 sm:px-6${className ? ` ${className}` : ""}`}
    >
      <h2 id={headingId} className="text-center text-3xl font-bold text-wood-900">
        {title}
      </h2>
      {children}
    </section>
  );
}
