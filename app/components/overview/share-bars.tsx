import { ChartDrawing } from "./chart-drawing";

const WIDTH = 360;
const ROW = 30;

export interface ShareBar {
  key: string;
  label: string;
  value: number;
  /** The figure written at the bar's end. */
  shown: string;
  color?: string;
}

/**
 * Horizontal bars, longest first as given, each under its name, scaled to the largest: the top products and the
 * payment methods. Decorative (aria-hidden): the figure's table reads the same numbers.
 */
export function ShareBars({ bars }: { bars: ShareBar[] }) {
  const max = Math.max(1, ...bars.map((b) => b.value));
  const height = bars.length * ROW + 4;
  return (
    <ChartDrawing width={WIDTH} height={height} className="h-auto w-full max-w-2xl" fontSize={10}>
      {bars.map((bar, i) => {
        const y = i * ROW;
        const width = Math.max(1, (bar.value / max) * (WIDTH * 0.72));
        return (
          <g key={bar.key}>
            <title>{`${bar.label}: ${bar.shown}`}</title>
            <text x={0} y={y + 10} fill="#4a2f17">
              {bar.label.length > 60 ? `${bar.label.slice(0, 59)}…` : bar.label}
            </text>
            <rect x={0} y={y + 14} width={width} height={11} rx={2} fill={bar.color ?? "#1f5f4a"} />
            <text x={width + 4} y={y + 23} fill="#4a2f17">
              {bar.shown}
            </text>
          </g>
        );
      })}
    </ChartDrawing>
  );
}
