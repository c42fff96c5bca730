import type { Row } from './measure.js';

const WIDTH = 460;
const HEIGHT = 300;
const MARGIN = { left: 56, right: 16, top: 34, bottom: 44 };
const COLOURS: Record<string, string> = { JSON: '#1f77b4', gRPC: '#d62728', 'gRPC-web': '#2ca02c' };

/**
 * Throughput against p99 latency, one panel per operation, one line per transport through its
 * concurrencies (labelled), with the raw limit's best throughput as a dashed line. An SVG with
 * nothing but text, so the chart is made where the figures are, without a plotting library.
 */
export function renderChart(rows: Row[]): string {
  const raw = rows.filter((row) => row.operation === 'RawImportTransaction');
  const rawBest = Math.max(0, ...raw.map((row) => row.requestsPerSecond));
  const operations = [...new Set(rows.map((row) => row.operation))].filter(
    (operation) => operation !== 'RawImportTransaction',
  );
  const panels = operations.map((operation, index) =>
    panel(
      operation,
      rows.filter((row) => row.operation === operation),
      rawBest,
      (index % 2) * WIDTH,
      Math.floor(index / 2) * HEIGHT,
    ),
  );
  const height = Math.ceil(operations.length / 2) * HEIGHT;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH * 2}" height="${height}" font-family="sans-serif" font-size="11">`,
    `<rect width="100%" height="100%" fill="white"/>`,
    ...panels,
    '</svg>',
    '',
  ].join('\n');
}

function panel(operation: string, rows: Row[], rawBest: number, x0: number, y0: number): string {
  const maxX = Math.max(rawBest, ...rows.map((row) => row.requestsPerSecond)) * 1.1 || 1;
  const maxY = Math.max(...rows.map((row) => row.p99)) * 1.1 || 1;
  const plotW = WIDTH - MARGIN.left - MARGIN.right;
  const plotH = HEIGHT - MARGIN.top - MARGIN.bottom;
  const px = (value: number) => x0 + MARGIN.left + (value / maxX) * plotW;
  const py = (value: number) => y0 + MARGIN.top + plotH - (value / maxY) * plotH;
  const parts = [
    `<text x="${x0 + WIDTH / 2}" y="${y0 + 18}" text-anchor="middle" font-size="13" font-weight="bold">${operation}</text>`,
    `<line x1="${px(0)}" y1="${py(0)}" x2="${px(maxX)}" y2="${py(0)}" stroke="#333"/>`,
    `<line x1="${px(0)}" y1="${py(0)}" x2="${px(0)}" y2="${py(maxY)}" stroke="#333"/>`,
    `<text x="${x0 + MARGIN.left + plotW / 2}" y="${y0 + HEIGHT - 8}" text-anchor="middle">requests/s</text>`,
    `<text transform="translate(${x0 + 14},${y0 + MARGIN.top + plotH / 2}) rotate(-90)" text-anchor="middle">p99 ms</text>`,
  ];
  for (let i = 0; i <= 4; i++) {
    const vx = (maxX * i) / 4;
    const vy = (maxY * i) / 4;
    parts.push(
      `<text x="${px(vx)}" y="${py(0) + 14}" text-anchor="middle">${Math.round(vx)}</text>`,
      `<text x="${px(0) - 4}" y="${py(vy) + 4}" text-anchor="end">${Math.round(vy)}</text>`,
    );
  }
  if (rawBest > 0) {
    parts.push(
      `<line x1="${px(rawBest)}" y1="${py(0)}" x2="${px(rawBest)}" y2="${py(maxY)}" stroke="#888" stroke-dasharray="4 3"/>`,
      `<text x="${px(rawBest) - 4}" y="${py(maxY) + 10}" text-anchor="end" fill="#666">raw limit</text>`,
    );
  }
  const transports = [...new Set(rows.map((row) => row.transport))];
  transports.forEach((transport, index) => {
    const points = rows
      .filter((row) => row.transport === transport)
      .sort((a, b) => a.concurrency - b.concurrency);
    const colour = COLOURS[transport] ?? '#000';
    parts.push(
      `<polyline fill="none" stroke="${colour}" stroke-width="1.5" points="${points.map((p) => `${px(p.requestsPerSecond).toFixed(1)},${py(p.p99).toFixed(1)}`).join(' ')}"/>`,
      ...points.map(
        (p) =>
          `<circle cx="${px(p.requestsPerSecond).toFixed(1)}" cy="${py(p.p99).toFixed(1)}" r="2.5" fill="${colour}"><title>${transport}, ${p.concurrency} callers: ${p.requestsPerSecond}/s, p99 ${p.p99} ms</title></circle>`,
      ),
      ...points.map(
        (p) =>
          `<text x="${(px(p.requestsPerSecond) + 4).toFixed(1)}" y="${(py(p.p99) - 4).toFixed(1)}" fill="${colour}" font-size="9">${p.concurrency}</text>`,
      ),
      `<text x="${x0 + MARGIN.left + 8}" y="${y0 + MARGIN.top + 4 + index * 13}" fill="${colour}">● ${transport}</text>`,
    );
  });
  return parts.join('\n');
}
