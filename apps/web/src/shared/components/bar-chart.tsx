import { AxisBottom, AxisLeft } from '@visx/axis';
import { Group } from '@visx/group';
import { scaleBand, scaleLinear } from '@visx/scale';
import { Bar } from '@visx/shape';
import { Button, Empty, theme } from 'antd';
import { useId, useLayoutEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import './bar-chart.css';

/**
 * The one chart of the back office: bars, one per category and series (grouped when there are
 * several series), drawn as plain SVG with visx. Whoever cannot see it reads the same figures: the
 * SVG is an image named by its title and described by every figure, and "Show figures" lays them
 * out as a table. Only pages that draw a chart import this module (through a lazy import), so visx
 * never reaches the public pages or the shell.
 */

/** One category (a bar, or a group of bars): its values in the order of `series`. */
export interface ChartDatum {
  key: string;
  label: string;
  /** A shorter label for the axis (e.g. `May` for `May 2026`); the table and the description use `label`. */
  short?: string;
  values: readonly number[];
}

export interface BarChartProps {
  /** What the chart shows: the SVG's accessible name and the figures table's caption. */
  title: string;
  /** The heading of the table's first column (what the categories are: month, status…). */
  categoryLabel: string;
  /** The series' names, in the order of each datum's values; with several a legend is shown. */
  series: readonly string[];
  data: readonly ChartDatum[];
  /** A value as the table, the description and a bar's tooltip write it (default: a grouped whole number). */
  format?: (value: number) => string;
  /** A value on the axis, shorter (default `format`). */
  axisFormat?: (value: number) => string;
  /** Vertical bars (months, few categories) or horizontal bars (long names: types, regions). */
  orientation?: 'vertical' | 'horizontal';
  /** The plot's height for vertical bars; horizontal bars take what their categories need. */
  height?: number;
  /** Shown instead of the chart when there is no figure to draw. */
  emptyText?: string;
  testId?: string;
}

/** The width a chart starts from before its container is measured (and in jsdom). */
const FALLBACK_WIDTH = 560;
const FONT_SIZE = 12;

/** The width of its container, followed as it changes (window resize, sidebar folded). */
function useContainerWidth<T extends HTMLElement>() {
  // A callback ref: the container may appear later (after an empty state), and is measured then.
  const [element, setElement] = useState<T | null>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    if (!element) return;
    const measure = () => setWidth(Math.floor(element.getBoundingClientRect().width));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return [setElement, width > 0 ? width : FALLBACK_WIDTH] as const;
}

/** A text's width in pixels at the chart's font size, near enough to make room for it. */
function textWidth(text: string): number {
  let width = 0;
  for (const char of text) width += /[\u2e80-\uffff]/.test(char) ? FONT_SIZE + 1 : FONT_SIZE * 0.62;
  return width;
}

/** The text cut to fit `max` pixels, with an ellipsis. */
function fitText(text: string, max: number): string {
  if (textWidth(text) <= max) return text;
  let out = '';
  for (const char of text) {
    if (textWidth(`${out}${char}…`) > max) break;
    out += char;
  }
  return `${out}…`;
}

const defaultFormat = (value: number) => value.toLocaleString('en-US');

/** Series colours from antd's theme (they follow the theme colour and a dark algorithm), 3:1 on the card at least. */
function useSeriesColours(): string[] {
  const { token } = theme.useToken();
  return [token.colorPrimary, token.colorSuccessTextActive, token.purple7, token.orange7];
}

export function BarChart({
  title,
  categoryLabel,
  series,
  data,
  format = defaultFormat,
  axisFormat = format,
  orientation = 'vertical',
  height = 240,
  emptyText,
  testId,
}: BarChartProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const colours = useSeriesColours();
  const [plotRef, width] = useContainerWidth<HTMLDivElement>();
  const [showFigures, setShowFigures] = useState(false);
  const id = useId();
  const titleId = `${id}-title`;
  const descId = `${id}-desc`;
  const tableId = `${id}-figures`;

  const hasFigures = data.some((d) => d.values.some((v) => v !== 0));
  if (!hasFigures) {
    return (
      <div className="bar-chart" data-testid={testId}>
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText ?? t('chart.empty')} />
      </div>
    );
  }

  const colourOf = (index: number) => colours[index % colours.length]!;
  const describe = (d: ChartDatum) =>
    `${d.label}: ${series.map((s, i) => (series.length > 1 ? `${s} ${format(d.values[i] ?? 0)}` : format(d.values[i] ?? 0))).join(', ')}`;
  const description = data.map(describe).join('; ');
  const max = Math.max(...data.flatMap((d) => d.values));
  const axisText = { fill: token.colorTextSecondary, fontSize: FONT_SIZE, fontFamily: 'inherit' };

  function verticalPlot() {
    const valueScale = scaleLinear<number>({ domain: [0, max], nice: true });
    const ticks = valueScale.ticks(4).filter((v) => Number.isInteger(v));
    const left = Math.ceil(Math.max(...ticks.map((v) => textWidth(axisFormat(v))))) + 12;
    const margin = { top: 8, right: 8, bottom: 28, left };
    const innerWidth = Math.max(width - margin.left - margin.right, 40);
    const innerHeight = height - margin.top - margin.bottom;
    valueScale.range([innerHeight, 0]);
    const categoryScale = scaleBand<string>({
      domain: data.map((d) => d.key),
      range: [0, innerWidth],
      padding: 0.25,
    });
    const seriesScale = scaleBand<number>({
      domain: series.map((_, i) => i),
      range: [0, categoryScale.bandwidth()],
      padding: 0.08,
    });
    const labelOf = new Map(data.map((d) => [d.key, d.short ?? d.label]));
    // Every other label (or fewer) when they would run into each other.
    const widest = Math.max(...data.map((d) => textWidth(d.short ?? d.label))) + 6;
    const step = Math.max(1, Math.ceil(widest / Math.max(categoryScale.step(), 1)));
    return (
      <svg width={width} height={height} role="img" aria-labelledby={`${titleId} ${descId}`}>
        <title id={titleId}>{title}</title>
        <desc id={descId}>{description}</desc>
        <Group left={margin.left} top={margin.top}>
          {ticks.map((v) => (
            <line
              key={v}
              x1={0}
              x2={innerWidth}
              y1={valueScale(v)}
              y2={valueScale(v)}
              stroke={token.colorBorderSecondary}
            />
          ))}
          {data.map((d) => (
            <Group key={d.key} left={categoryScale(d.key) ?? 0}>
              {series.map((s, i) => {
                const value = d.values[i] ?? 0;
                const top = valueScale(value);
                return (
                  <Bar
                    key={s}
                    x={seriesScale(i) ?? 0}
                    y={top}
                    width={seriesScale.bandwidth()}
                    height={Math.max(innerHeight - top, 0)}
                    fill={colourOf(i)}
                    rx={2}
                  >
                    <title>{`${d.label} · ${s}: ${format(value)}`}</title>
                  </Bar>
                );
              })}
            </Group>
          ))}
          <AxisLeft
            scale={valueScale}
            tickValues={ticks}
            tickFormat={(v) => axisFormat(Number(v))}
            hideAxisLine
            hideTicks
            tickLabelProps={{ ...axisText, textAnchor: 'end', dx: -4, dy: '0.33em' }}
          />
          <AxisBottom
            top={innerHeight}
            scale={categoryScale}
            tickValues={data.map((d) => d.key).filter((_, i) => i % step === 0)}
            tickFormat={(key) => labelOf.get(String(key)) ?? String(key)}
            stroke={token.colorBorder}
            tickStroke={token.colorBorder}
            tickLabelProps={{ ...axisText, textAnchor: 'middle' }}
          />
        </Group>
      </svg>
    );
  }

  function horizontalPlot() {
    const rowHeight = Math.max(26, series.length * 14 + 10);
    const labelRoom = Math.min(Math.max(...data.map((d) => textWidth(d.short ?? d.label))), width * 0.38);
    const valueRoom = Math.max(...data.flatMap((d) => d.values.map((v) => textWidth(format(v))))) + 8;
    const margin = { top: 4, right: Math.min(valueRoom, width * 0.3), bottom: 4, left: labelRoom + 14 };
    const innerWidth = Math.max(width - margin.left - margin.right, 40);
    const innerHeight = data.length * rowHeight;
    const plotHeight = innerHeight + margin.top + margin.bottom;
    const valueScale = scaleLinear<number>({ domain: [0, max], range: [0, innerWidth], nice: true });
    const categoryScale = scaleBand<string>({
      domain: data.map((d) => d.key),
      range: [0, innerHeight],
      padding: 0.2,
    });
    const seriesScale = scaleBand<number>({
      domain: series.map((_, i) => i),
      range: [0, categoryScale.bandwidth()],
      padding: 0.1,
    });
    const labelOf = new Map(data.map((d) => [d.key, fitText(d.short ?? d.label, labelRoom)]));
    return (
      <svg width={width} height={plotHeight} role="img" aria-labelledby={`${titleId} ${descId}`}>
        <title id={titleId}>{title}</title>
        <desc id={descId}>{description}</desc>
        <Group left={margin.left} top={margin.top}>
          {data.map((d) => (
            <Group key={d.key} top={categoryScale(d.key) ?? 0}>
              {series.map((s, i) => {
                const value = d.values[i] ?? 0;
                const length = valueScale(value);
                const y = seriesScale(i) ?? 0;
                return (
                  <g key={s}>
                    <Bar x={0} y={y} width={length} height={seriesScale.bandwidth()} fill={colourOf(i)} rx={2}>
                      <title>{`${d.label}${series.length > 1 ? ` · ${s}` : ''}: ${format(value)}`}</title>
                    </Bar>
                    <text
                      x={length + 4}
                      y={y + seriesScale.bandwidth() / 2}
                      dy="0.33em"
                      {...axisText}
                      fill={token.colorText}
                    >
                      {format(value)}
                    </text>
                  </g>
                );
              })}
            </Group>
          ))}
          <AxisLeft
            scale={categoryScale}
            tickFormat={(key) => labelOf.get(String(key)) ?? String(key)}
            stroke={token.colorBorder}
            hideTicks
            tickLabelProps={{ ...axisText, fill: token.colorText, textAnchor: 'end', dx: -4, dy: '0.33em' }}
          />
        </Group>
      </svg>
    );
  }

  const plot = orientation === 'vertical' ? verticalPlot() : horizontalPlot();
  return (
    <div className="bar-chart" data-testid={testId}>
      <div className="bar-chart__bar">
        {series.length > 1 ? (
          <ul className="bar-chart__legend">
            {series.map((s, i) => (
              <li key={s}>
                <span className="bar-chart__swatch" style={{ background: colourOf(i) }} aria-hidden="true" />
                {s}
              </li>
            ))}
          </ul>
        ) : (
          <span />
        )}
        <Button
          type="link"
          size="small"
          aria-expanded={showFigures}
          aria-controls={tableId}
          onClick={() => setShowFigures((shown) => !shown)}
        >
          {showFigures ? t('chart.hideFigures') : t('chart.showFigures')}
        </Button>
      </div>
      <div ref={plotRef} className="bar-chart__plot">
        {plot}
      </div>
      <div id={tableId} hidden={!showFigures} className="bar-chart__figures">
        {showFigures ? (
          <table>
            <caption className="visually-hidden">{title}</caption>
            <thead>
              <tr>
                <th scope="col">{categoryLabel}</th>
                {series.map((s) => (
                  <th key={s} scope="col">
                    {s}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {data.map((d) => (
                <tr key={d.key}>
                  <th scope="row">{d.label}</th>
                  {series.map((s, i) => (
                    <td key={s}>{format(d.values[i] ?? 0)}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}
      </div>
    </div>
  );
}
