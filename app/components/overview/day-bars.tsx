import { ChartDrawing } from "./chart-drawing";

const WIDTH = 360;
const HEIGHT = 150;
const TOP = 16;
const BOTTOM = 16;

export interface DayBar {
  day: string;
  /** The bar's parts from the bottom up, each in its colour (one part: a plain bar). */
  parts: number[];
  /** What a pointer resting on the bar shows. */
  title: string;
}

/**
 * Bars a day, stacked when a day has parts, drawn to scale in a viewBox that shrinks with the screen. The drawing
 * is decorative (aria-hidden): its figure's table reads the same numbers. Labels: the tallest day's value at the
 * top line, the first and last days below.
 */
export function DayBars({
  bars,
  colors,
  topLabel,
  firstLabel,
  lastLabel,
}: {
  bars: DayBar[];
  colors: string[];
  topLabel: (max: number) => string;
  firstLabel: string;
  lastLabel: string;
}) {
  const max = Math.max(1, ...bars.map((b) => b.parts.reduce((a, v) => a + v, 0)));
  const slot = WIDTH / Math.max(1, bars.length);
  const gap = slot > 6 ? slot * 0.2 : 0.5;
  const plot = HEIGHT - TOP - BOTTOM;
  return (
    <ChartDrawing width={WIDTH} height={HEIGHT} className="h-auto w-full max-w-3xl" fontSize={9}>
      <line x1={0} x2={WIDTH} y1={TOP} y2={TOP} stroke="#d9a86c" strokeDasharray="3 3" strokeWidth={0.5} />
      <line x1={0} x2={WIDTH} y1={TOP + plot} y2={TOP + plot} stroke="#8b5a2b" strokeWidth={0.75} />
      <text x={0} y={TOP - 4} fill="#4a2f17">
        {topLabel(max)}
      </text>
      {bars.map((bar, i) => {
        let base = TOP + plot;
        return (
          <g key={bar.day}>
            <title>{bar.title}</title>
            {bar.parts.map((value, p) => {
              if (value <= 0) return null;
              const h = (value / max) * plot;
              base -= h;
              return (
                <rect
                  key={p}
                  x={i * slot + gap / 2}
                  y={base}
                  width={slot - gap}
                  height={h}
                  fill={colors[p % colors.length]}
                />
              );
            })}
          </g>
        );
      })}
      <text x={0} y={HEIGHT - 3} fill="#4a2f17">
        {firstLabel}
      </text>
      <text x={WIDTH} y={HEIGHT - 3} fill="#4a2f17" textAnchor="end">
        {lastLabel}
      </text>
    </ChartDrawing>
  );
}

/** A chart's colours named in words, for readers who see the drawing. */
export function Legend({ items }: { items: { label: string; color: string }[] }) {
  return (
    <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-stone-700" aria-hidden="true">
      {items.map((item) => (
        <li key={item.label} className="flex items-center gap-1.5">
          <span className="inline-block size-3 rounded-sm" style={{ background: item.color }} />
          {item.label}
        </li>
      ))}
    </ul>
  );
}
