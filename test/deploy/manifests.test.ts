/**
 * The Kubernetes manifests of deploy/kubernetes/, checked without a cluster, in two ways against
 * the Kubernetes API's own definitions as kubernetes-models generates them from its OpenAPI
 * document: each object validates against its JSON schema (kubernetes-models' ajv validators:
 * types, required fields, formats), and holds no field the API does not define (the strict check
 * kubeconform calls -strict: the schemas allow unknown fields, which the API server refuses or
 * drops, so a misspelt `livenesProbe` would pass them). For that the objects are typed with the
 * models' TypeScript interfaces and type-checked, whose excess-property check names any field too
 * many. Then what ties the objects together: names, selectors, ports, probes, the drain's timing,
 * and the settings, which the gateway's own loadConfig must accept.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { loadConfig, SETTING_NAMES } from '../../src/config/config.js';
import { startGatewayProcess } from '../helpers/gateway-process.js';
import { useSandbox } from '../helpers/sandbox.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const DIR = join(ROOT, 'deploy/kubernetes');

interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string> };
  [key: string]: any;
}

const load = (file: string): K8sObject[] =>
  parseAllDocuments(readFileSync(join(DIR, file), 'utf8')).map((doc) => {
    if (doc.errors.length > 0) throw new Error(`${file}: ${doc.errors[0]!.message}`);
    return doc.toJS() as K8sObject;
  });

/**
 * kubernetes-models' module for an object: `v1` for the core group, else `<group>/<version>`; the
 * Prometheus Operator's kinds from its own models package, generated the same way from its CRDs.
 */
const modelPath = (o: K8sObject) =>
  o.apiVersion.startsWith('monitoring.coreos.com/')
    ? `@kubernetes-models/prometheus-operator/${o.apiVersion}/${o.kind}`
    : `kubernetes-models/${o.apiVersion}/${o.kind}`;

/**
 * Type-checks `objects` as the models' interfaces (`I<Kind>`) in a program of one file kept in
 * memory; returns the diagnostics, each with the file and object it is about.
 */
function strictCheck(objects: { file: string; object: K8sObject }[]): string[] {
  const fileName = join(ROOT, 'test', '__manifests__.ts');
  const lines: string[] = [];
  const owners: string[] = [];
  objects.forEach(({ file, object }, i) => {
    lines.push(`import type { I${object.kind} as T${i} } from '${modelPath(object)}';`);
    owners.push(`${file} (${object.kind} ${object.metadata.name})`);
  });
  const starts: number[] = [];
  objects.forEach(({ object }, i) => {
    starts.push(lines.length);
    lines.push(`export const o${i}: T${i} = ${JSON.stringify(object, null, 2)};`);
  });
  const source = lines.join('\n');
  const options: ts.CompilerOptions = {
    strict: true,
    noEmit: true,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    skipLibCheck: true,
    types: [],
  };
  const host = ts.createCompilerHost(options);
  const getSourceFile = host.getSourceFile;
  host.getSourceFile = (name, version, ...rest) =>
    name === fileName ? ts.createSourceFile(name, source, version) : getSourceFile.call(host, name, version, ...rest);
  const readFile = host.readFile;
  host.readFile = (name) => (name === fileName ? source : readFile.call(host, name));
  const fileExists = host.fileExists;
  host.fileExists = (name) => name === fileName || fileExists.call(host, name);
  const program = ts.createProgram([fileName], options, host);
  return ts.getPreEmitDiagnostics(program).map((d) => {
    const line = d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start).line : 0;
    const owner = starts.findLastIndex((s) => s <= line);
    return `${owner >= 0 ? owners[owner] : 'imports'}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
  });
}

const kustomization = load('kustomization.yaml')[0]!;
const applied = (kustomization.resources as string[]).flatMap((file) => load(file).map((object) => ({ file, object })));
const example = load('secret.example.yaml').map((object) => ({ file: 'secret.example.yaml', object }));
const all = [...applied, ...example];
const find = (kind: string) => all.find((o) => o.object.kind === kind)!.object;

const deployment = find('Deployment');
const configMap = find('ConfigMap');
const secret = find('Secret');
const container = deployment.spec.template.spec.containers[0];

describe('deploy/kubernetes', () => {
  it('lists every manifest in its kustomization, but the Secret, which holds values of yours', () => {
    const files = readdirSync(DIR).filter((f) => f.endsWith('.yaml') && f !== 'kustomization.yaml' && f !== 'secret.example.yaml');
    expect([...(kustomization.resources as string[])].sort()).toEqual(files.sort());
    expect(applied.some(({ object }) => object.kind === 'Secret')).toBe(false);
    expect(container.image).toBe(kustomization.images[0].name);
  });

  it.each(all.map(({ file, object }) => [`${file}: ${object.kind} ${object.metadata.name}`, object] as const))(
    'validates against the Kubernetes JSON schema: %s',
    async (_, object) => {
      const module = (await import(modelPath(object))) as Record<string, new (data: unknown) => { validate(): void }>;
      const Model = module[object.kind]!;
      expect(() => new Model(object).validate()).not.toThrow();
    },
  );

  describe('has no field the Kubernetes API does not define', () => {
    let diagnostics: string[];
    beforeAll(() => {
      diagnostics = strictCheck(all);
    }, 60_000);

    it('in any manifest', () => {
      expect(diagnostics).toEqual([]);
    });

    it('(and the check finds a misspelt one)', () => {
      const broken = structuredClone(deployment);
      broken.spec.template.spec.containers[0].livenesProbe = broken.spec.template.spec.containers[0].livenessProbe;
      expect(strictCheck([{ file: 'deployment.yaml', object: broken }]).join('\n')).toMatch(
        /livenesProbe.*does not exist in type 'IContainer'/,
      );
    }, 60_000);
  });

  it('configures the gateway with settings it knows and accepts, secrets included', () => {
    const settings = { ...configMap.data, ...secret.stringData } as Record<string, string>;
    expect(Object.keys(settings).filter((k) => !SETTING_NAMES.includes(k))).toEqual([]);
    const config = loadConfig(settings);
    expect(config.host).toBe('0.0.0.0');
    expect(config.cache.mode).toBe('redis');
    expect(container.envFrom).toEqual([{ configMapRef: { name: configMap.metadata.name } }, { secretRef: { name: secret.metadata.name } }]);
  });

  it('probes /health for liveness and /ready for readiness, on the port the gateway listens on', () => {
    const ports = Object.fromEntries(container.ports.map((p: any) => [p.name, p.containerPort]));
    expect(ports).toEqual({ http: Number(configMap.data.PORT), metrics: Number(configMap.data.METRICS_PORT) });
    expect(container.livenessProbe.httpGet).toEqual({ path: '/health', port: 'http' });
    expect(container.startupProbe.httpGet).toEqual({ path: '/health', port: 'http' });
    expect(container.readinessProbe.httpGet).toEqual({ path: '/ready', port: 'http' });
    expect(deployment.spec.template.metadata.annotations['prometheus.io/port']).toBe(configMap.data.METRICS_PORT);
  });

  it('drains within the grace period: preStop, then DRAIN_TIMEOUT_MS, before SIGKILL', () => {
    const preStopMs = container.lifecycle.preStop.sleep.seconds * 1000;
    const config = loadConfig(configMap.data);
    const graceMs = deployment.spec.template.spec.terminationGracePeriodSeconds * 1000;
    expect(preStopMs).toBeGreaterThan(0);
    expect(preStopMs + config.server.drainDelayMs + config.server.drainTimeoutMs).toBeLessThan(graceMs);
  });

  it('keeps the heap under the memory limit', () => {
    const limitMi = Number(/^(\d+)Mi$/.exec(container.resources.limits.memory)![1]);
    expect(Number(configMap.data.HEAP_MAX_MB)).toBeLessThan(limitMi);
  });

  it('ties the Service, HPA and PodDisruptionBudget to the Deployment', () => {
    const podLabels = deployment.spec.template.metadata.labels;
    const selects = (selector: Record<string, string>) => Object.entries(selector).every(([k, v]) => podLabels[k] === v);
    expect(selects(deployment.spec.selector.matchLabels)).toBe(true);
    const service = find('Service');
    expect(selects(service.spec.selector)).toBe(true);
    expect(container.ports.map((p: any) => p.name)).toContain(service.spec.ports[0].targetPort);
    expect(selects(find('PodDisruptionBudget').spec.selector.matchLabels)).toBe(true);
    const hpa = find('HorizontalPodAutoscaler');
    expect(hpa.spec.scaleTargetRef).toEqual({ apiVersion: deployment.apiVersion, kind: 'Deployment', name: deployment.metadata.name });
    expect(hpa.spec.minReplicas).toBeGreaterThan(find('PodDisruptionBudget').spec.maxUnavailable);
  });

  it('points REDIS_URL at the Redis reference, with a password, from the Secret only', () => {
    const redis = all.find(({ object }) => object.kind === 'Service' && object.spec.type === 'ExternalName')!.object;
    expect(configMap.data.REDIS_URL).toBeUndefined();
    const url = new URL(secret.stringData.REDIS_URL);
    expect(url.hostname).toBe(redis.metadata.name);
    expect(url.password).not.toBe('');
    expect(loadConfig({ ...configMap.data, ...secret.stringData }).cache.mode).toBe('redis');
  });

  it('lets only the gateways reach Redis, on the port REDIS_URL names', () => {
    const policy = all.find(({ object }) => object.metadata.name === 'redis-from-avalanche-gateway')!.object;
    // Redis's namespace: the one the ExternalName points into (<service>.<namespace>.svc...).
    const redis = all.find(({ object }) => object.kind === 'Service' && object.spec.type === 'ExternalName')!.object;
    expect(policy.metadata.namespace).toBe(redis.spec.externalName.split('.')[1]);
    expect(policy.spec.policyTypes).toEqual(['Ingress']);
    expect(policy.spec.ingress).toHaveLength(1);
    const [rule] = policy.spec.ingress;
    expect(rule.from).toHaveLength(1);
    // Both selectors in one peer: gateway pods of one namespace, not any pod or any namespace.
    expect(rule.from[0].podSelector.matchLabels).toEqual(deployment.spec.template.metadata.labels);
    expect(Object.keys(rule.from[0].namespaceSelector.matchLabels)).toEqual(['kubernetes.io/metadata.name']);
    expect(rule.ports).toEqual([{ port: Number(new URL(secret.stringData.REDIS_URL).port || 6379) }]);
  });

  it("opens the gateway's GraphQL port to all and its metrics port to the monitoring namespace only", () => {
    const policy = all.find(({ object }) => object.kind === 'NetworkPolicy' && object.metadata.name === deployment.metadata.name)!.object;
    expect(policy.spec.podSelector.matchLabels).toEqual(deployment.spec.template.metadata.labels);
    const open = policy.spec.ingress.filter((r: any) => r.from === undefined);
    expect(open.flatMap((r: any) => r.ports.map((p: any) => p.port))).toEqual(['http']);
    const metrics = policy.spec.ingress.find((r: any) => r.ports.some((p: any) => p.port === 'metrics'));
    expect(metrics.from).toEqual([{ namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': expect.any(String) } } }]);
  });

  it('injects no Service link variables, which would pose as settings (SANDBOX_PORT=tcp://...)', () => {
    expect(deployment.spec.template.spec.enableServiceLinks).toBe(false);
    // What a Service named `sandbox` would inject is a setting the gateway refuses: the reason.
    expect(() => loadConfig({ ...configMap.data, ...secret.stringData, SANDBOX_PORT: 'tcp://10.0.0.1:4010' })).toThrow(/SANDBOX_PORT/);
  });

  it('says what readiness depends on: no upstream, so that one incident does not empty the Service', () => {
    expect(configMap.data.READY_UPSTREAMS).toBe('none');
    expect(loadConfig({ ...configMap.data, ...secret.stringData }).ready.upstreams).toEqual([]);
  });

  it('has Prometheus scrape every pod on the metrics port the Service leaves out', () => {
    const monitor = find('PodMonitor');
    expect(monitor.spec.selector.matchLabels).toEqual(deployment.spec.template.metadata.labels);
    expect(monitor.spec.podMetricsEndpoints.map((e: any) => [e.port, e.path])).toEqual([['metrics', '/metrics']]);
    expect(find('Service').spec.ports.map((p: any) => p.targetPort)).not.toContain('metrics');
    // The rules select the job by the label the PodMonitor names it after.
    expect(deployment.spec.template.metadata.labels[monitor.spec.jobLabel]).toBe('avalanche-gateway');
  });

  it("alerts on memory at the heap's size in the ConfigMap", () => {
    const memory = find('PrometheusRule').spec.groups[0].rules.find((r: any) => r.alert === 'AvalancheGatewayMemoryHigh');
    expect(memory.expr).toContain(`0.9 * ${configMap.data.HEAP_MAX_MB} * 1024 * 1024`);
  });
});

describe('the alerts of deploy/kubernetes/prometheusrule.yaml', () => {
  const rules = find('PrometheusRule').spec.groups.flatMap((g: any) => g.rules) as { alert: string; expr: string }[];
  /** The series an expression reads: names before a `{` or `[` (functions are followed by `(`). */
  const seriesOf = (expr: string) => [...expr.matchAll(/\b([a-zA-Z_:][a-zA-Z0-9_:]*)\s*[{[]/g)].map((m) => m[1]!);
  let exposition = '';
  let gateway: Awaited<ReturnType<typeof startGatewayProcess>>;
  const sandbox = useSandbox();

  beforeAll(async () => {
    // The built gateway with the ConfigMap's settings (rate limits on, as deployed), but its own
    // ports and no Redis: the families exported do not depend on them.
    const { HOST, PORT, METRICS_PORT, ...settings } = configMap.data as Record<string, string>;
    gateway = await startGatewayProcess(sandbox, { ...settings, NODE_ENV: 'development', CACHE: 'memory' });
    await gateway.query('{ network(name: MAINNET) { subnets(first: 1) { nodes { subnetId } } } }');
    exposition = await (await fetch(`${gateway.origin}/metrics`)).text();
  }, 60_000);
  afterAll(() => gateway?.stop());

  it('names only series the gateway exports', () => {
    const exported = new Set(
      [...exposition.matchAll(/^# TYPE (\S+) (\S+)$/gm)].flatMap(([, name, type]) =>
        type === 'histogram' ? [`${name}_bucket`, `${name}_count`, `${name}_sum`] : [name!],
      ),
    );
    // `up` is Prometheus' own, per scrape target.
    const read = [...new Set(rules.flatMap((r) => seriesOf(r.expr)))].filter((name) => name !== 'up');
    expect(read.length).toBeGreaterThan(5);
    expect(read.filter((name) => !exported.has(name))).toEqual([]);
  });

  it('filters by labels those series have', () => {
    for (const { expr } of rules) {
      for (const [, name, labels] of expr.matchAll(/\b([a-zA-Z_:][a-zA-Z0-9_:]*)\{([^}]*)\}/g)) {
        if (name === 'up') continue;
        const used = [...labels!.matchAll(/([a-zA-Z_]+)\s*(?:=~|!~|!=|=)/g)].map((m) => m[1]!).filter((l) => l !== 'job');
        const line = exposition.split('\n').find((l) => l.startsWith(`${name}{`));
        for (const label of used)
          expect({ name, label, present: line?.includes(`${label}="`) ?? false }).toEqual({ name, label, present: true });
      }
    }
  });
});
