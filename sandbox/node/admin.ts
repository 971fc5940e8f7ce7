/**
 * admin.* at /ext/admin: aliases of endpoints and chains, logger levels, the profilers and
 * loaded VMs, changing the network's node state as avalanchego does.
 */
import { cb58Encode } from '../../src/base/ids.js';
import { derivedId } from './chains/avax.js';
import { RpcFailure, type ServiceFor } from './gorilla.js';
import { goIdBytes } from './ids.js';

import { joinPath, VM_PLUGINS, type NodeNetworkState } from './state.js';

export function adminService(state: NodeNetworkState): ServiceFor<'admin'> {
  const checkLength = (alias: string) => {
    if (Buffer.byteLength(alias) > 512) throw new RpcFailure('alias length is too long');
  };
  const loggerNames = (name: string) => {
    const names = name === '' ? [...state.loggers.keys()] : [name];
    for (const n of names) if (!state.loggers.has(n)) throw new RpcFailure(`logger with name "${n}" not found`);
    return names;
  };
  const levels = (names: string[]) => ({ loggerLevels: Object.fromEntries(names.sort().map((n) => [n, state.loggers.get(n)!])) });
  const done = () => ({});
  return {
    Alias: {
      args: { endpoint: 'string', alias: 'string' },
      call: ({ endpoint, alias }) => {
        checkLength(alias as string);
        const error = state.router.alias(joinPath('/ext', endpoint as string), joinPath('/ext', alias as string));
        if (error) throw new RpcFailure(error);
        return done();
      },
    },
    AliasChain: {
      args: { chain: 'string', alias: 'string' },
      call: ({ chain, alias }) => {
        checkLength(alias as string);
        const id = state.lookup(chain as string);
        if (!id) throw new RpcFailure(`there is no ID with alias: ${chain}`);
        if (state.chainIdByAlias.has(alias as string)) throw new RpcFailure(`alias already mapped to an ID: ${alias}`);
        state.addChainAlias(id, alias as string);
        const error = state.router.alias(joinPath('/ext', 'bc', id), joinPath('/ext', 'bc', alias as string));
        if (error) throw new RpcFailure(error);
        return done();
      },
    },
    GetChainAliases: {
      args: { chain: 'string' },
      call: ({ chain }) => ({ aliases: state.chainAliases.get(cb58Encode(goIdBytes(chain as string))) ?? null }),
    },
    GetLoggerLevel: { args: { loggerName: 'string' }, call: ({ loggerName }) => levels(loggerNames(loggerName as string)) },
    SetLoggerLevel: {
      args: { loggerName: 'string', logLevel: 'level', displayLevel: 'level' },
      call: ({ loggerName, logLevel, displayLevel }) => {
        if (logLevel === undefined && displayLevel === undefined) throw new RpcFailure('need to specify either displayLevel or logLevel');
        const names = loggerNames(loggerName as string);
        for (const n of names) {
          const current = state.loggers.get(n)!;
          state.loggers.set(n, {
            logLevel: (logLevel as string | undefined) ?? current.logLevel,
            displayLevel: (displayLevel as string | undefined) ?? current.displayLevel,
          });
        }
        return levels(names);
      },
    },
    LoadVMs: {
      args: {},
      call: () => {
        const fresh = state.vmsLoaded ? [] : VM_PLUGINS;
        state.vmsLoaded = true;
        const broken = derivedId(`broken-plugin:${state.data.network}`);
        return {
          newVMs: Object.fromEntries(fresh.map((p) => [p.id, p.aliases])),
          failedVMs: { [broken]: `fork/exec /home/avalanche/.avalanchego/plugins/${broken}: exec format error` },
        };
      },
    },
    LockProfile: { args: {}, call: done },
    MemoryProfile: { args: {}, call: done },
    Stacktrace: { args: {}, call: done },
    StartCPUProfiler: {
      args: {},
      call: () => {
        if (state.cpuProfilerRunning) throw new RpcFailure('cpu profiler already running');
        state.cpuProfilerRunning = true;
        return done();
      },
    },
    StopCPUProfiler: {
      args: {},
      call: () => {
        if (!state.cpuProfilerRunning) throw new RpcFailure("cpu profiler doesn't exist");
        state.cpuProfilerRunning = false;
        return done();
      },
    },
  };
}
