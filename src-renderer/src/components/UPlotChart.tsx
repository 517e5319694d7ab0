import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

// The station's one chart component: uPlot (small, canvas, maintained) drawn into a box as wide as its container.
// Callers memoize `options` and `data`: a new object draws the chart again.

export interface UPlotChartProps {
  /** uPlot's options without the size: the chart is as wide as its box and `height` tall. */
  options: Omit<uPlot.Options, 'width' | 'height'>;
  data: uPlot.AlignedData;
  height: number;
  /** What the chart shows, for a screen reader (the figures are also in the text around it). */
  label: string;
  testId?: string;
  /** Called after each draw (the report's print view waits for every chart). */
  onDrawn?: () => void;
}

const MIN_WIDTH = 240;

export function UPlotChart({ options, data, height, label, testId, onDrawn }: UPlotChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const drawn = useRef(onDrawn);
  drawn.current = onDrawn;
  useEffect(() => {
    const element = box.current;
    if (!element) return undefined;
    const width = () => Math.max(MIN_WIDTH, Math.floor(element.clientWidth));
    const plot = new uPlot(
      { ...options, width: width(), height, hooks: { ...options.hooks, draw: [...(options.hooks?.draw ?? []), () => drawn.current?.()] } },
      data,
      element,
    );
    const observer = new ResizeObserver(() => {
      if (width() !== plot.width) plot.setSize({ width: width(), height });
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      plot.destroy();
    };
  }, [options, data, height]);
  return <div ref={box} role="img" aria-label={label} data-testid={testId} className="uplot-chart" />;
}
