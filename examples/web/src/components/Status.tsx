/**
 * Loading and error states, the same on every page. A request that failed as a whole shows one
 * notice with a "Try again" button where that may help; an answer with data and field errors
 * shows the data, a notice at the top, and a note where each missing part would be.
 */
import type { ReactNode } from 'react';
import type { CombinedError } from 'urql';
import { explain, explainNetworkError, type Explanation, type GatewayError } from '../errors';

export function Loading({ what }: { what: string }) {
  return (
    <p className="loading" role="status" aria-busy="true">
      <span className="spinner" aria-hidden="true" /> Loading {what}…
    </p>
  );
}

/** The errors of an answer under `prefix` (a response path), with their paths made relative to it. */
export function scope(errors: readonly GatewayError[], prefix: readonly (string | number)[]): GatewayError[] {
  return errors
    .filter((e) => e.path && prefix.every((part, i) => e.path![i] === part))
    .map((e) => ({ ...e, path: e.path!.slice(prefix.length) }));
}

function Explained({ explanation, detail }: { explanation: Explanation; detail?: string }) {
  return (
    <>
      <span className="words">{explanation.words}</span>
      {detail && <span className="detail">{detail}</span>}
      <code className="code">{explanation.code}</code>
    </>
  );
}

/** A request that brought no data: what went wrong, in words, and a way to ask again. */
export function RequestFailed({ error, onRetry }: { error: CombinedError; onRetry: () => void }) {
  const explanations: { explanation: Explanation; detail?: string }[] = error.graphQLErrors.length
    ? error.graphQLErrors.map((e) => ({ explanation: explain(e), detail: e.message }))
    : [
        {
          explanation: explainNetworkError(error.networkError?.message ?? error.message, (error.response as Response | undefined)?.status),
        },
      ];
  return (
    <div className="notice error" role="alert">
      <h2>This page could not be loaded</h2>
      <ul>
        {explanations.map((x, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list, rendered once and never reordered.
          <li key={i}>
            <Explained {...x} />
          </li>
        ))}
      </ul>
      {explanations.some((x) => x.explanation.retry) && (
        <button type="button" onClick={onRetry}>
          Try again
        </button>
      )}
    </div>
  );
}

/** Data came, some parts did not: the distinct reasons, once each. */
export function PartialData({ errors }: { errors: readonly GatewayError[] }) {
  if (!errors.length) return null;
  const distinct = new Map<string, { explanation: Explanation; detail: string; count: number }>();
  for (const e of errors) {
    const explanation = explain(e);
    const key = `${explanation.code}\n${e.message}`;
    const seen = distinct.get(key);
    if (seen) seen.count++;
    else distinct.set(key, { explanation, detail: e.message, count: 1 });
  }
  return (
    <div className="notice warning" role="status">
      <h2>Part of this page is missing</h2>
      <ul>
        {[...distinct.entries()].map(([key, x]) => (
          <li key={key}>
            <Explained explanation={x.explanation} detail={x.detail} />
            {x.count > 1 && <span className="count"> ({x.count} places)</span>}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Where a field came back null with an error: what is missing and why, in place of it. */
export function Unavailable({ what, errors }: { what: string; errors: readonly GatewayError[] }) {
  const first = errors[0];
  if (!first) return null;
  return (
    <p className="unavailable">
      {what} unavailable: {explain(first).words}
    </p>
  );
}

/**
 * A page of one object looked up by its id: loading, the request failed, no such object (`none`,
 * in words), or the object with the answer's field errors noted at the top.
 */
export function Lookup<T>(props: {
  result: { fetching: boolean; error?: CombinedError | undefined };
  found: T | null | undefined;
  what: string;
  none: string;
  onRetry: () => void;
  children: (found: T) => ReactNode;
}) {
  const { result, found } = props;
  if (result.fetching) return <Loading what={props.what} />;
  if (found == null)
    return result.error ? <RequestFailed error={result.error} onRetry={props.onRetry} /> : <p className="notice">{props.none}</p>;
  return (
    <>
      <PartialData errors={result.error?.graphQLErrors ?? []} />
      {props.children(found)}
    </>
  );
}
