/**
 * The Dockerfile's steps, run on the host: no Docker engine can run here, so test/deploy/image.test.ts
 * builds the image the way its Dockerfile says, one stage per temporary folder, with the
 * instructions it uses (ARG, FROM, WORKDIR, ENV, COPY, RUN, USER, EXPOSE, HEALTHCHECK, CMD). A
 * step changed in the Dockerfile is the step the test runs; an instruction this file does not know
 * fails the test rather than being skipped.
 *
 * What the host cannot be is the base image: the stage runs on the host's node, which the test
 * checks is the image's major version, and as the host's user, not USER.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, posix, relative } from 'node:path';

export interface Stage {
  name: string;
  image: string;
  /** The folder standing for the stage's filesystem root. */
  root: string;
  /** WORKDIR, as the image names it (absolute, e.g. /app). */
  workdir: string;
  env: Record<string, string>;
  user?: string;
  expose: string[];
  /** Exec form: the program and its arguments. */
  cmd?: string[];
  healthcheck?: { options: Record<string, string>; cmd: string[] };
}

export interface Step {
  stage: Stage;
  instruction: string;
  args: string;
}

/** The instructions of a Dockerfile, continuation lines joined, comments and blank lines dropped. */
export function instructions(text: string): { instruction: string; args: string }[] {
  const joined = text.replace(/\\\n/g, ' ');
  return joined
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const [, instruction, args] = /^(\S+)\s+(.*)$/.exec(line)!;
      return { instruction: instruction!.toUpperCase(), args: args!.trim() };
    });
}

/** `.dockerignore` as Docker reads it: patterns anchored at the context's root, `*` within a segment, `**` across them. */
export function ignoreRule(text: string): (path: string) => boolean {
  const patterns = text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'))
    .map(
      (p) =>
        new RegExp(
          `^${p
            .replace(/^\/+|\/+$/g, '')
            .split('/')
            .map((segment) =>
              segment === '**'
                ? '(?:.*/)?'
                : `${segment
                    .replace(/[.+^${}()|[\]\\]/g, '\\$&')
                    .replace(/\*/g, '[^/]*')
                    .replace(/\?/g, '[^/]')}/`,
            )
            .join('')}`,
        ),
    );
  // A path is ignored when it, or a folder above it, matches.
  return (path) => patterns.some((re) => re.test(`${path}/`));
}

const substitute = (value: string, vars: Record<string, string>) =>
  value.replace(/\$\{(\w+)(?::-([^}]*))?\}|\$(\w+)/g, (_, a, fallback, b) => vars[a ?? b] ?? fallback ?? '');

/** KEY=value pairs (ENV's form), values optionally in double quotes. */
function pairs(args: string): [string, string][] {
  return [...args.matchAll(/(\w+)=("[^"]*"|\S*)/g)].map(([, k, v]) => [k!, v!.replace(/^"|"$/g, '')]);
}

/** `--flag=value` options at the start of an instruction's arguments, and what follows them. */
function options(args: string): { options: Record<string, string>; rest: string } {
  const found: Record<string, string> = {};
  let rest = args;
  for (let m = /^--([\w-]+)=(\S+)\s+/.exec(rest); m; m = /^--([\w-]+)=(\S+)\s+/.exec(rest)) {
    found[m[1]!] = m[2]!;
    rest = rest.slice(m[0].length);
  }
  return { options: found, rest };
}

/** Sources of a COPY: an absolute path in another stage, glob in its last segment; or a path of the context. */
function expand(base: string, source: string): string[] {
  const path = join(base, source);
  const name = basename(path);
  if (!name.includes('*')) return [path];
  const re = new RegExp(`^${name.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`);
  return readdirSync(dirname(path))
    .filter((f) => re.test(f))
    .map((f) => join(dirname(path), f));
}

export interface BuildOptions {
  /** The build context (the repository). */
  context: string;
  /** Where the stages' folders go. */
  into: string;
  /** Added to every RUN's environment (e.g. npm's offline switch): the host's, not the image's. */
  runEnv?: Record<string, string>;
  /**
   * Run each RUN at the lowest CPU priority (nice 19): an install and a build beside the other test
   * files must not slow their timed assertions. The command itself is the Dockerfile's.
   */
  lowPriority?: boolean;
  /** Each RUN's command, exit status and output. */
  onRun?: (stage: Stage, command: string, result: { status: number | null; output: string }) => void;
}

/** Runs every stage of the Dockerfile at `context`; returns them by name, the last one also as `final`. */
export function build(options_: BuildOptions): { stages: Map<string, Stage>; final: Stage } {
  const { context, into } = options_;
  const ignored = ignoreRule(existsSync(join(context, '.dockerignore')) ? readFileSync(join(context, '.dockerignore'), 'utf8') : '');
  const stages = new Map<string, Stage>();
  const args: Record<string, string> = {};
  let stage: Stage | undefined;
  const inStage = (path: string) => join(stage!.root, posix.isAbsolute(path) ? path : posix.join(stage!.workdir, path));
  for (const { instruction, args: raw } of instructions(readFileSync(join(context, 'Dockerfile'), 'utf8'))) {
    if (instruction === 'ARG') {
      const [name, value] = raw.split('=');
      args[name!] = value ?? '';
      continue;
    }
    if (instruction === 'FROM') {
      const [, image, name] = /^(\S+)(?:\s+AS\s+(\S+))?$/i.exec(raw)!;
      const resolved = substitute(image!, args);
      const root = join(into, name ?? `stage${stages.size}`);
      mkdirSync(root, { recursive: true });
      const from = stages.get(resolved);
      stage = from
        ? { ...from, name: name ?? resolved, root, env: { ...from.env }, expose: [...from.expose] }
        : { name: name ?? resolved, image: resolved, root, workdir: '/', env: {}, expose: [] };
      stages.set(stage.name, stage);
      continue;
    }
    if (!stage) throw new Error(`${instruction} before FROM`);
    switch (instruction) {
      case 'WORKDIR':
        stage.workdir = posix.resolve(stage.workdir, raw);
        mkdirSync(inStage('.'), { recursive: true });
        break;
      case 'ENV':
        for (const [k, v] of pairs(raw)) stage.env[k] = substitute(v, stage.env);
        break;
      case 'USER':
        stage.user = raw;
        break;
      case 'EXPOSE':
        stage.expose.push(...raw.split(/\s+/));
        break;
      case 'COPY': {
        const { options: o, rest } = options(raw);
        const parts = rest.split(/\s+/);
        const dest = parts.pop()!;
        const from = o.from ? stages.get(o.from) : undefined;
        if (o.from && !from) throw new Error(`COPY --from=${o.from}: no such stage`);
        const sources = parts.flatMap((s) => expand(from ? from.root : context, s));
        const toDir = dest.endsWith('/') || dest === '.' || sources.length > 1;
        for (const source of sources) {
          if (!existsSync(source)) throw new Error(`COPY ${source}: not found`);
          const target =
            toDir && !(statSync(source).isDirectory() && parts.length === 1) ? join(inStage(dest), basename(source)) : inStage(dest);
          mkdirSync(dirname(target), { recursive: true });
          cpSync(source, target, {
            recursive: true,
            filter: (path) => from !== undefined || relative(context, path) === '' || !ignored(relative(context, path)),
          });
        }
        break;
      }
      case 'RUN': {
        const command = raw;
        const result = spawnSync(
          options_.lowPriority ? 'nice' : 'sh',
          [...(options_.lowPriority ? ['-n', '19', 'sh'] : []), '-c', command],
          {
            cwd: inStage('.'),
            env: { PATH: process.env.PATH, HOME: process.env.HOME, ...stage.env, ...options_.runEnv },
            encoding: 'utf8',
            maxBuffer: 64 * 1024 * 1024,
          },
        );
        const output = `${result.stdout}${result.stderr}`;
        options_.onRun?.(stage, command, { status: result.status, output });
        if (result.status !== 0) throw new Error(`RUN ${command} failed (${result.status}):\n${output}`);
        break;
      }
      case 'HEALTHCHECK': {
        const { options: o, rest } = options(raw);
        const [, form] = /^CMD\s+(.*)$/.exec(rest)!;
        stage.healthcheck = { options: o, cmd: JSON.parse(form!) };
        break;
      }
      case 'CMD':
        // Exec form (JSON) only: what the container runs, exactly as written.
        stage.cmd = JSON.parse(raw);
        break;
      default:
        throw new Error(`test/helpers/dockerfile.ts does not know ${instruction}: teach it, so that the test runs it`);
    }
  }
  if (!stage) throw new Error('no FROM');
  return { stages, final: stage };
}

/** The stage's WORKDIR on the host. */
export function workdirOf(stage: Stage): string {
  return join(stage.root, stage.workdir);
}
