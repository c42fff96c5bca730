import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect } from 'chai';
import { parseAllDocuments } from 'yaml';
import { loadConfig } from '../../shared/config/config.js';

const run = promisify(execFile);
const ENSURE = fileURLToPath(new URL('../../../scripts/ensure-debian-package.sh', import.meta.url));
const KUSTOMIZATIONS = ['deploy/kustomize/base', 'deploy/kustomize/overlays/example'];

interface Manifest {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string> };
  spec?: any;
  data?: Record<string, string>;
  [field: string]: unknown;
}

/** `kubectl kustomize <dir>`, as documents. */
async function render(dir: string): Promise<Manifest[]> {
  await run(ENSURE, ['kubernetes-client', '/usr/bin/kubectl'], { timeout: 600_000 });
  const { stdout } = await run('kubectl', ['kustomize', dir], { maxBuffer: 16 * 1024 * 1024 });
  return parseAllDocuments(stdout).map((document) => document.toJSON() as Manifest);
}

/** Validates a manifest against the Kubernetes JSON Schemas that kubernetes-models carries. */
async function validate(manifest: Manifest): Promise<void> {
  const group = manifest.apiVersion.includes('/') ? manifest.apiVersion : `${manifest.apiVersion}`;
  const models = (await import(`kubernetes-models/${group}`)) as Record<
    string,
    new (value: unknown) => { validate(): void }
  >;
  const Model = models[manifest.kind];
  expect(Model, `${manifest.apiVersion} ${manifest.kind} is a Kubernetes kind`).to.not.equal(
    undefined,
  );
  new Model!(manifest).validate();
}

const podSpecOf = (manifest: Manifest): any =>
  manifest.kind === 'Deployment' || manifest.kind === 'Job' ? manifest.spec.template.spec : null;

for (const dir of KUSTOMIZATIONS) {
  describe(`the manifests rendered from ${dir}`, () => {
    let manifests: Manifest[];
    const of = (kind: string) => manifests.filter((m) => m.kind === kind);
    const named = (kind: string, name: string) =>
      manifests.find((m) => m.kind === kind && m.metadata.name === name);

    before(async function () {
      this.timeout(600_000);
      manifests = await render(dir);
    });

    it('are the parts of the service, each valid against the Kubernetes schemas', async () => {
      expect(manifests.map((m) => `${m.kind}/${m.metadata.name}`).sort()).to.deep.equal([
        'ConfigMap/identity-config',
        'Deployment/identity-api',
        'Deployment/identity-worker',
        'HorizontalPodAutoscaler/identity-api',
        'HorizontalPodAutoscaler/identity-worker',
        'Job/identity-migrate',
        'NetworkPolicy/identity-api',
        'NetworkPolicy/identity-migrate',
        'NetworkPolicy/identity-worker',
        'PodDisruptionBudget/identity-api',
        'PodDisruptionBudget/identity-worker',
        'Service/identity-api-grpc',
        'Service/identity-api-http',
        'Service/identity-worker',
        'ServiceAccount/identity-service',
      ]);
      for (const manifest of manifests) await validate(manifest);
    });

    it('run every pod as a non-root user with a restricted security context', () => {
      for (const manifest of [...of('Deployment'), ...of('Job')]) {
        const pod = podSpecOf(manifest);
        const where = `${manifest.kind}/${manifest.metadata.name}`;
        expect(pod.securityContext, where).to.deep.include({ runAsNonRoot: true });
        expect(pod.securityContext.runAsUser, where).to.be.above(0);
        expect(pod.securityContext.seccompProfile, where).to.deep.equal({ type: 'RuntimeDefault' });
        expect(pod.automountServiceAccountToken, where).to.equal(false);
        for (const container of pod.containers) {
          expect(container.securityContext, where).to.deep.equal({
            allowPrivilegeEscalation: false,
            readOnlyRootFilesystem: true,
            capabilities: { drop: ['ALL'] },
          });
        }
      }
    });

    it('give every container requests and limits, and an image with a tag other than latest', () => {
      for (const manifest of [...of('Deployment'), ...of('Job')]) {
        for (const container of podSpecOf(manifest).containers) {
          const where = `${manifest.metadata.name}/${container.name}`;
          for (const kind of ['requests', 'limits'])
            expect(Object.keys(container.resources?.[kind] ?? {}), where).to.have.members([
              'cpu',
              'memory',
            ]);
          expect(container.image, where).to.match(/:[\w][\w.-]*$/);
          expect(container.image, where).to.not.match(/:latest$/);
        }
      }
    });

    it('probe every long-running container: alive at /healthz, ready at /readyz, on a port it declares', () => {
      for (const deployment of of('Deployment')) {
        for (const container of podSpecOf(deployment).containers) {
          const ports = container.ports.map((port: { name: string }) => port.name);
          for (const [probe, path] of [
            ['startupProbe', '/healthz'],
            ['livenessProbe', '/healthz'],
            ['readinessProbe', '/readyz'],
          ] as const) {
            expect(
              container[probe]?.httpGet?.path,
              `${deployment.metadata.name} ${probe}`,
            ).to.equal(path);
            expect(ports).to.include(container[probe].httpGet.port);
          }
        }
        // Longer than a preStop pause and SHUTDOWN_GRACE_MS, so the process can finish its
        // calls and flush before it is killed.
        const config = named('ConfigMap', 'identity-config')!.data!;
        const preStop = podSpecOf(deployment).containers.map((c: any) =>
          c.lifecycle?.preStop?.exec?.command?.[0] === 'sleep'
            ? Number(c.lifecycle.preStop.exec.command[1]) * 1000
            : 0,
        );
        expect(podSpecOf(deployment).terminationGracePeriodSeconds * 1000).to.be.above(
          Math.max(...preStop) + Number(config.SHUTDOWN_GRACE_MS),
        );
      }
    });

    it('take configuration from the ConfigMap and the Secret, with names the service reads', () => {
      const read = new Set<string>();
      loadConfig(
        new Proxy({} as Record<string, string | undefined>, {
          get: (_target, name) => {
            if (typeof name === 'string') read.add(name);
            return undefined;
          },
        }),
      );
      const config = named('ConfigMap', 'identity-config')!;
      for (const key of Object.keys(config.data!)) expect(read, key).to.include(key);
      expect(() => loadConfig(config.data!)).to.not.throw();
      for (const manifest of [...of('Deployment'), ...of('Job')]) {
        for (const container of podSpecOf(manifest).containers) {
          expect(container.envFrom).to.deep.equal([
            { configMapRef: { name: 'identity-config' } },
            { secretRef: { name: 'identity-secrets' } },
          ]);
        }
      }
    });

    it('keep a serving pod of the API in its Endpoints until it stops accepting', () => {
      const api = podSpecOf(named('Deployment', 'identity-api')!).containers[0];
      expect(api.lifecycle.preStop.exec.command[0]).to.equal('sleep');
    });

    it('point every Service, autoscaler, budget and policy at pods that exist', () => {
      const podLabels = [...of('Deployment'), ...of('Job')].map(
        (m) => m.spec.template.metadata.labels as Record<string, string>,
      );
      const selects = (selector: Record<string, string>) =>
        podLabels.some((labels) =>
          Object.entries(selector).every(([key, value]) => labels[key] === value),
        );
      for (const service of of('Service')) {
        expect(selects(service.spec.selector), service.metadata.name).to.equal(true);
        const deployment = of('Deployment').find((d) =>
          Object.entries(service.spec.selector).every(
            ([key, value]) => d.spec.template.metadata.labels[key] === value,
          ),
        )!;
        const names = deployment.spec.template.spec.containers.flatMap((c: any) =>
          c.ports.map((p: { name: string }) => p.name),
        );
        for (const port of service.spec.ports) expect(names).to.include(port.targetPort);
      }
      for (const policy of [...of('PodDisruptionBudget'), ...of('NetworkPolicy')]) {
        const selector = policy.spec.selector?.matchLabels ?? policy.spec.podSelector.matchLabels;
        expect(selects(selector), policy.metadata.name).to.equal(true);
      }
      for (const hpa of of('HorizontalPodAutoscaler')) {
        expect(named('Deployment', hpa.spec.scaleTargetRef.name), hpa.metadata.name).to.not.equal(
          undefined,
        );
        expect(hpa.spec.minReplicas).to.be.at.least(2);
      }
    });
  });
}

describe('the Dockerfile', () => {
  const dockerfile = readFileSync('deploy/Dockerfile', 'utf8');
  const stages = dockerfile.split(/^FROM /m).slice(1);

  it('builds in stages and ships production dependencies only', () => {
    expect(stages.length).to.be.at.least(2);
    expect(dockerfile).to.match(/npm ci --omit=dev/);
    const runtime = stages.at(-1)!;
    expect(runtime).to.not.match(/npm (ci|install)(?! --omit=dev)/);
    expect(runtime).to.match(/COPY --from=deps \/app\/node_modules/);
  });

  it('runs as a non-root user given by number, on base images with a pinned tag', () => {
    const user = /^USER (\d+)(?::(\d+))?$/m.exec(stages.at(-1)!);
    expect(user, 'USER uid:gid in the last stage').to.not.equal(null);
    expect(Number(user![1])).to.be.above(0);
    for (const stage of stages) {
      const image = stage.split(/\s/)[0]!;
      expect(image).to.match(/:[\w][\w.-]*$/);
      expect(image).to.not.match(/:latest$/);
    }
  });
});
