/** The white card the store sets its content on. */
const PANEL = "rounded-xl border border-wood-100 bg-white p-6 shadow-sm";

type PanelProps = React.HTMLAttributes<HTMLElement> & {
  /** The element it is: a plain box, a page's section, an article, a list's item. */
  as?: "div" | "section" | "article" | "li";
};

/** A white card; `className` places it (margin, width, a larger padding from `sm:` up). */
export function Panel({ as: Tag = "div", className, ...box }: PanelProps) {
  return <Tag className={className ? `${PANEL} ${className}` : PANEL} {...box} />;
}

/** A section of a page on its own card, named by its heading (the heading's id labels the section). */
export function PanelSection({
  id,
  title,
  className,
  children,
}: {
  id: string;
  title: string;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <Panel as="section" aria-labelledby={id} className={className}>
      <h2 id={id} className="text-xl font-semibold text-wood-900">
        {title}
      </h2>
      {children}
    </Panel>
  );
}
