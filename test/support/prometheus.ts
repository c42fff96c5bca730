import { execFile, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const ENSURE = fileURLToPath(new URL('../../../scripts/ensure-debian-package.sh', import.meta.url));
const PARSER = '/usr/lib/python3/dist-packages/prometheus_client/parser.py';

/** Every sample of a scrape, as the Prometheus Python client's own parser reads the text. */
const PARSE = `
import json, sys
from prometheus_client.parser import text_string_to_metric_families
samples = []
for family in text_string_to_metric_families(sys.stdin.read()):
    for s in family.samples:
        samples.append({"family": family.name, "type": family.type, "name": s.name, "labels": s.labels, "value": s.value})
print(json.dumps(samples))
`;

export interface Sample {
  family: string;
  type: string;
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** Parses Prometheus text format with the reference parser (Debian's python3-prometheus-client). */
async function parsePrometheusText(text: string): Promise<Sample[]> {
  await promisify(execFile)(ENSURE, ['python3-prometheus-client', PARSER], { timeout: 600_000 });
  return new Promise((resolve, reject) => {
    const child = spawn('/usr/bin/python3', ['-c', PARSE], { stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(JSON.parse(out) as Sample[]) : reject(new Error(`parser: ${err}`)),
    );
    child.stdin.end(text);
  });
}

/** Scrapes `<url>/metrics` and parses it. */
export async function scrape(url: string): Promise<Sample[]> {
  const response = await fetch(`${url}/metrics`);
  if (response.status !== 200) throw new Error(`/metrics answered ${response.status}`);
  return parsePrometheusText(await response.text());
}

/** The value of the sample `name` whose labels include `labels`; 0 when there is none. */
export function valueOf(
  samples: Sample[],
  name: string,
  labels: Record<string, string> = {},
): number {
  return (
    samples.find(
      (sample) =>
        sample.name === name &&
        Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
    )?.value ?? 0
  );
}
