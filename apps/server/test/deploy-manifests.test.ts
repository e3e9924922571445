import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments, parse as parseYaml } from 'yaml';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler';
import { CronJob } from 'kubernetes-models/batch/v1/CronJob';
import { Deployment } from 'kubernetes-models/apps/v1/Deployment';
import { Ingress } from 'kubernetes-models/networking.k8s.io/v1/Ingress';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1/PodDisruptionBudget';
import { ConfigMap } from 'kubernetes-models/v1/ConfigMap';
import { Namespace } from 'kubernetes-models/v1/Namespace';
import { PersistentVolumeClaim } from 'kubernetes-models/v1/PersistentVolumeClaim';
import { Service } from 'kubernetes-models/v1/Service';

/**
 * The deployment files of issue 58 checked by the tools that read them: the Kubernetes manifests
 * rendered by `kubectl kustomize` (base and the example overlay) and each object validated against
 * the Kubernetes schemas (`kubernetes-models`), then held to what the server needs (probes on
 * /healthz and /readyz, a grace period longer than the drain, non-root, read-only root); the
 * compose file through Debian's `docker-compose config`. No database: it runs once, with SQLite.
 * kubectl and docker-compose are required: .ci/run and deploy/test/container-test.sh install them.
 */
const ROOT = path.resolve(import.meta.dirname, '../../..');
const KUBERNETES = path.join(ROOT, 'deploy/kubernetes');

type Manifest = { apiVersion: string; kind: string; metadata: { name: string }; [key: string]: unknown };

const MODELS: Record<string, new (data: never) => { validate(): void }> = {
  'apps/v1/Deployment': Deployment,
  'autoscaling/v2/HorizontalPodAutoscaler': HorizontalPodAutoscaler,
  'batch/v1/CronJob': CronJob,
  'networking.k8s.io/v1/Ingress': Ingress,
  'policy/v1/PodDisruptionBudget': PodDisruptionBudget,
  'v1/ConfigMap': ConfigMap,
  'v1/Namespace': Namespace,
  'v1/PersistentVolumeClaim': PersistentVolumeClaim,
  'v1/Service': Service,
};

function run(command: string, args: string[], cwd = ROOT): { status: number | null; output: string; stdout: string } {
  // Only PATH and HOME: a variable of this shell must not fill in what compose.yaml requires.
  const env = { PATH: process.env.PATH, HOME: process.env.HOME };
  const result = spawnSync(command, args, { cwd, env, encoding: 'utf8', timeout: 60_000 });
  if (result.error && (result.error as NodeJS.ErrnoException).code === 'ENOENT') {
    throw new Error(`${command} is not installed: deploy/test/container-test.sh and .ci/run install it`);
  }
  if (result.error) throw result.error;
  return { status: result.status, output: `${result.stdout}${result.stderr}`, stdout: result.stdout };
}

function kustomize(dir: string): Manifest[] {
  const rendered = run('kubectl', ['kustomize', path.join(KUBERNETES, dir)]);
  expect(rendered.status, rendered.output).toBe(0);
  return parseAllDocuments(rendered.stdout).map((doc) => doc.toJSON() as Manifest);
}

function only<T>(manifests: Manifest[], kind: string): T {
  const found = manifests.filter((manifest) => manifest.kind === kind);
  expect(found.map((manifest) => manifest.metadata.name)).toHaveLength(1);
  return found[0] as unknown as T;
}

describe.skipIf(process.env.INKSTREAM_TEST_DB === 'postgres')('deployment files in deploy/ and compose.yaml', () => {
  it.each(['base', 'overlays/example'])('kustomize renders %s into objects the Kubernetes schemas accept', (dir) => {
    const manifests = kustomize(dir);
    for (const manifest of manifests) {
      const model = MODELS[`${manifest.apiVersion}/${manifest.kind}`];
      expect(model, `${manifest.apiVersion} ${manifest.kind} has no schema here`).toBeDefined();
      expect(() => new model!(manifest as never).validate(), `${manifest.kind} ${manifest.metadata.name}`).not.toThrow();
    }
    // Secrets are referenced, never written: no Secret object, no value in the ConfigMap's keys.
    expect(manifests.some((manifest) => manifest.kind === 'Secret')).toBe(false);
    const config = only<ConfigMap>(manifests, 'ConfigMap');
    for (const key of Object.keys(config.data ?? {})) expect(key).not.toMatch(/SECRET|PASSWORD|TOKEN|DATABASE_URL|REDIS_URL/);
    for (const kind of ['Deployment', 'Service', 'Ingress', 'PodDisruptionBudget', 'HorizontalPodAutoscaler', 'CronJob']) {
      expect(
        manifests.some((manifest) => manifest.kind === kind),
        kind,
      ).toBe(true);
    }
  });

  it('the Deployment probes /readyz and /healthz, outlasts the drain, and runs non-root on a read-only root', () => {
    const manifests = kustomize('base');
    const deployment = only<Deployment>(manifests, 'Deployment');
    const drainSeconds = Number(only<ConfigMap>(manifests, 'ConfigMap').data!.SHUTDOWN_DRAIN_SECONDS);
    const pod = deployment.spec!.template.spec!;
    const container = pod.containers[0]!;
    expect(container.readinessProbe?.httpGet?.path).toBe('/readyz');
    expect(container.livenessProbe?.httpGet?.path).toBe('/healthz');
    // The balancer (the Service's endpoints) must notice the 503 while the pod still serves.
    const noticedWithin = container.readinessProbe!.periodSeconds! * container.readinessProbe!.failureThreshold!;
    expect(noticedWithin).toBeLessThan(drainSeconds);
    // Drain, then up to 30 s for the last requests (the server's request timeout), before a kill.
    expect(pod.terminationGracePeriodSeconds).toBeGreaterThanOrEqual(drainSeconds + 30);
    expect(pod.securityContext?.runAsNonRoot).toBe(true);
    expect(container.securityContext?.readOnlyRootFilesystem).toBe(true);
    expect(container.volumeMounts?.map((mount) => mount.mountPath).sort()).toEqual(['/data', '/tmp']);
    expect(deployment.spec!.strategy?.rollingUpdate?.maxUnavailable).toBe(0);
    // Every secret the pod reads comes from the one Secret the operator creates.
    const refs = (container.env ?? []).flatMap((variable) =>
      variable.valueFrom?.secretKeyRef ? [variable.valueFrom.secretKeyRef.name] : [],
    );
    expect(new Set(refs)).toEqual(new Set(['inkstream-secrets']));
    const metrics = manifests.find(
      (manifest) => manifest.kind === 'Service' && manifest.metadata.name === 'inkstream-metrics',
    ) as unknown as Service;
    expect(metrics.spec!.ports!.map((port) => port.name)).toEqual(['metrics']);
    expect(container.ports!.map((port) => port.containerPort)).toContain(Number(metrics.spec!.ports![0]!.port));
  });

  it('docker-compose accepts compose.yaml with .env.example, and refuses it without the secrets', () => {
    const accepted = run('docker-compose', ['--env-file', '.env.example', '-f', 'compose.yaml', 'config']);
    expect(accepted.status, accepted.output).toBe(0);
    const config = parseYaml(accepted.stdout) as {
      services: Record<string, { environment?: Record<string, string>; stop_grace_period?: string; read_only?: boolean }>;
    };
    const apps = ['app-1', 'app-2'].map((name) => config.services[name]!);
    for (const app of apps) {
      expect(app.read_only).toBe(true);
      const drain = Number(app.environment!.SHUTDOWN_DRAIN_SECONDS);
      expect(Number.parseInt(app.stop_grace_period!, 10)).toBeGreaterThanOrEqual(drain + 30);
    }
    expect(Object.keys(config.services).sort()).toEqual([
      'app-1',
      'app-2',
      'backup',
      'caddy',
      'minio',
      'minio-bucket',
      'postgres',
      'redis',
    ]);
    // An empty .env: the required secrets stop it with their names.
    const scratch = mkdtempSync(path.join(tmpdir(), 'inkstream-compose-'));
    const emptyEnv = path.join(scratch, 'empty.env');
    writeFileSync(emptyEnv, '');
    const refused = run('docker-compose', ['--env-file', emptyEnv, '-f', 'compose.yaml', 'config']);
    rmSync(scratch, { recursive: true, force: true });
    expect(refused.status).not.toBe(0);
    expect(refused.output).toMatch(/SITE_ADDRESS|POSTGRES_PASSWORD|JWT_SECRET/);
    // The example holds placeholders only.
    expect(readFileSync(path.join(ROOT, '.env.example'), 'utf8')).toMatch(/JWT_SECRET=change-me/);
  });
});
