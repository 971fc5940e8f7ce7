/**
 * Transaction export jobs, kept in memory per sandbox instance: a job is RUNNING when started and
 * COMPLETED, with its file's download URL, when its status is next asked. The request body is
 * checked by the spec's rules (its type's options, dates as YYYY-MM-DD, first before last).
 */
import { createHash } from 'node:crypto';
import { isEvmAddress } from '../../src/base/ids.js';
import type { ExportJob } from '../../src/upstreams/data-api/export-jobs.js';
import { apiError, BadRequest, QueryReader, type DataApiRoutes } from '../routes.js';
import { TIMELINE } from '../world/timeline.js';
import { jsonBody } from './webhooks.js';

const PN_TYPES = [
  'TRANSACTION_EXPORT_PRIMARY_NETWORK',
  'TRANSACTION_EXPORT_PRIMARY_NETWORK_STAKING',
  'TRANSACTION_EXPORT_PRIMARY_NETWORK_SIMPLE',
];
const PN_CHAINS = [
  '11111111111111111111111111111111LpoYY',
  '2oYMBNV4eNHyqk2fjjV5nVQLDbtmNJzq5s3qs3Lo6ftnC6FByM',
  '2JVSBoinj9C2J33VntvzYtVJNZdN2NKiwwKjcumHUWEb5DbBrm',
  '2q9e4r6Mu3U68nU1fYjgbR6JvwrRx36CohpAX5UQxse55x1Q5',
  'yH8D7ThNJkxmtkuv2jgBa4P1Rn3Qpr4pPr7QYNfcdoS6k6HWp',
  'p-chain',
  'x-chain',
  'c-chain',
];
/** The longest range one export covers. */
export const MAX_EXPORT_DAYS = 366;

const isDate = (v: unknown): v is string =>
  typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`));
const strings = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === 'string');

function checkExport(body: Record<string, unknown>): ExportJob['operationType'] {
  const problems: string[] = [];
  const type = body.type;
  const evm = type === 'TRANSACTION_EXPORT_EVM';
  if (!evm && !PN_TYPES.includes(type as string)) {
    throw new BadRequest([`type must be one of the following values: TRANSACTION_EXPORT_EVM, ${PN_TYPES.join(', ')}`]);
  }
  for (const key of Object.keys(body))
    if (!['type', 'firstDate', 'lastDate', 'startDate', 'endDate', 'options'].includes(key))
      problems.push(`property ${key} should not exist`);
  const first = body.firstDate ?? body.startDate;
  const last = body.lastDate ?? body.endDate;
  if (first !== undefined && !isDate(first)) problems.push('firstDate must be a date as YYYY-MM-DD');
  if (last !== undefined && !isDate(last)) problems.push('lastDate must be a date as YYYY-MM-DD');
  if (isDate(first) && isDate(last)) {
    const days = (Date.parse(last) - Date.parse(first)) / 86_400_000;
    if (days < 0) problems.push('firstDate must not be after lastDate');
    else if (days >= MAX_EXPORT_DAYS) problems.push(`An export covers at most ${MAX_EXPORT_DAYS} days`);
  }
  const options = body.options as Record<string, unknown> | undefined;
  if (options === null || typeof options !== 'object' || Array.isArray(options)) problems.push('options must be an object');
  else {
    const known = evm ? ['addresses', 'includeChains'] : ['addresses', 'cChainEvmAddresses', 'includeChains'];
    for (const key of Object.keys(options)) if (!known.includes(key)) problems.push(`property options.${key} should not exist`);
    if (!strings(options.includeChains) || options.includeChains.length === 0) problems.push('options.includeChains should not be empty');
    else if (evm && options.includeChains.some((c) => !/^\d{1,20}$/.test(c)))
      problems.push('each value in options.includeChains must be an EVM chain id');
    else if (!evm && options.includeChains.some((c) => !PN_CHAINS.includes(c)))
      problems.push(`each value in options.includeChains must be one of the following values: ${PN_CHAINS.join(', ')}`);
    if (evm) {
      if (!strings(options.addresses) || options.addresses.length === 0) problems.push('options.addresses should not be empty');
      else if (options.addresses.some((a) => !isEvmAddress(a)))
        problems.push('each value in options.addresses must be an Ethereum address');
    } else {
      if (options.addresses !== undefined && !strings(options.addresses)) problems.push('options.addresses must be an array of strings');
      if (
        options.cChainEvmAddresses !== undefined &&
        (!strings(options.cChainEvmAddresses) || options.cChainEvmAddresses.some((a) => !isEvmAddress(a)))
      )
        problems.push('each value in options.cChainEvmAddresses must be an Ethereum address');
    }
  }
  if (problems.length > 0) throw new BadRequest(problems);
  return type as ExportJob['operationType'];
}

export function exportJobRoutes(seed: string) {
  const jobs = new Map<string, ExportJob>();
  return {
    postTransactionExportJob: {
      method: 'POST',
      pattern: /^\/v1\/operations\/transactions:export$/,
      handle: (req) => {
        new QueryReader(req.query, []).done();
        const operationType = checkExport(jsonBody(req));
        const at = (TIMELINE.now + jobs.size + 1) * 1000;
        const operationId = createHash('sha256').update(`${seed}:export:${jobs.size}`).digest('hex').slice(0, 32);
        const job: ExportJob = { operationId, operationType, operationStatus: 'RUNNING', createdAtTimestamp: at, updatedAtTimestamp: at };
        jobs.set(operationId, job);
        return { status: 201, body: job };
      },
    },
    getOperationResult: {
      method: 'GET',
      pattern: /^\/v1\/operations\/([^/:]+)$/,
      handle: (req, [raw]) => {
        new QueryReader(req.query, []).done();
        const id = decodeURIComponent(raw!);
        const job = jobs.get(id);
        if (!job) return apiError(404, `Operation ${id} not found`);
        if (job.operationStatus === 'RUNNING') {
          job.operationStatus = 'COMPLETED';
          job.updatedAtTimestamp = job.createdAtTimestamp + 60_000;
          job.metadata = { downloadUrl: `https://exports.sandbox.invalid/${id}.csv` };
        }
        return { status: 200, body: job };
      },
    },
  } satisfies DataApiRoutes;
}
