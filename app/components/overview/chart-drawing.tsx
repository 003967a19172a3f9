/**
 * A chart's drawing in a viewBox that shrinks with the screen. Decorative (aria-hidden, never focused): its figure's
 * table reads the same numbers.
 */
export function ChartDrawing({
  width,
  height,
  className,
  fontSize,
  children,
}: {
  width: number;
  height: number;
  className: string;
  fontSize: number;
  children: React.ReactNode;
}) {
  return (
    <svg
      viewBox={`0 0 ${width} ${height}`}
      className={className}
      aria-hidden="true"
      focusable="false"
      fontSize={fontSize}
    >
      {children}
    </svg>
  );
}
