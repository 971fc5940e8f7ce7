/**
 * Which `accept` headers a GraphQL answer can be written for: src/http/server.ts refuses the
 * others with 406 before the operation runs.
 */
/** The media types yoga's result processors write a GraphQL answer in. */
export const ANSWER_TYPES = ['application/json', 'application/graphql-response+json', 'multipart/mixed', 'text/event-stream'];
/** The same, as type and subtype. */
const ANSWER_PARTS = ANSWER_TYPES.map((type) => type.split('/') as [string, string]);

/**
 * Whether a GET or POST accepts a type a GraphQL answer is written in, read as yoga's result
 * processors read it (graphql-yoga's getMediaTypesForRequestInOrder and isMatchingMediaType:
 * parameters but the charset ignored, a charset other than utf-8 not taken, wildcards matched,
 * q-values not read), so that this refuses only what yoga would. yoga finds out only once the
 * operation has run (its result processors are chosen after execution), and then answers 406
 * with no body: the upstream calls were made, a mutation done, for an answer no one would read.
 * A request without an accept header, or with an empty one, takes JSON.
 */
export function answerable(method: string | undefined, accept: string | undefined): boolean {
  // Every POST passes here: the headers clients send most are answered without parsing.
  if (!accept || accept === 'application/json' || accept === '*/*' || (method !== 'GET' && method !== 'POST')) return true;
  for (const item of accept.replace(/\s/g, '').toLowerCase().split(',')) {
    const [type = '', ...params] = item.split(';');
    const charset = params.find((param) => param.includes('charset='));
    if (charset !== undefined && charset !== 'charset=utf-8') continue;
    const [group, sub] = type.split('/');
    for (const [answerGroup, answerSub] of ANSWER_PARTS) {
      if ((group === '*' || group === answerGroup) && (sub === '*' || sub === answerSub)) return true;
    }
  }
  return false;
}
