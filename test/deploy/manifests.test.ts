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
import { beforeAll, describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { loadConfig, SETTING_NAMES } from '../../src/config/config.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const DIR = join(ROOT, 'deploy/kubernetes');

interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; labels?: Record<string, string> };
  [key: string]: any;
}

const load = (file: string): K8sObject[] =>
  parseAllDocuments(readFileSync(join(DIR, file), 'utf8')).map((doc) => {
    if (doc.errors.length > 0) throw new Error(`${file}: ${doc.errors[0]!.message}`);
    return doc.toJS() as K8sObject;
  });

/** kubernetes-models' module for an object: `v1` for the core group, else `<group>/<version>`. */
const modelPath = (o: K8sObject) => `kubernetes-models/${o.apiVersion}/${o.kind}`;

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

  it('points REDIS_URL at the Redis reference', () => {
    const redis = all.find(({ object }) => object.kind === 'Service' && object.spec.type === 'ExternalName')!.object;
    expect(new URL(configMap.data.REDIS_URL).hostname).toBe(redis.metadata.name);
  });
});
