/**
 * The subscriptions of a gateway: one poller per topic, shared by every subscriber of it.
 *
 * - A topic is a feed's key (./feeds.ts): every subscription asking the same thing joins it.
 *   The first subscriber starts its poller, the last one to leave stops it (its call in flight
 *   is cancelled). A poller polls at its kind's configured interval, whoever subscribes: a
 *   client cannot make the gateway call the upstreams faster.
 * - Each poll sends through the reuse layer with a budget of its own, like a request: its calls
 *   are counted, cached and shared with queries asking the same.
 * - A failed poll is an error event (its code as a query's failure would have it) and the next
 *   poll comes at the next interval: a subscription is never left hanging by its upstream.
 * - With Redis, one instance of the cluster polls a topic: a lease in Redis (SET NX PX, renewed
 *   while it polls) decides which; it publishes what it finds on the topic's channel, with its
 *   state, and every other instance with subscribers to the topic listens there (its own
 *   subscribers it serves directly). When the leaseholder stops or dies, another instance takes
 *   the lease once it expires and resumes from the state the last one kept. While Redis is away,
 *   each instance polls for its own subscribers.
 * - Bounds: subscriptions per client (by address) and in all, distinct topics (each its own
 *   poller: a client varying its arguments must not make the gateway poll without end), and the
 *   topics one client may have opened that are still served (so a few clients cannot hold every
 *   topic an instance takes), checked before a subscription opens.
 * - Who pays: each poll's calls are shared among the topic's subscribers here, each drawing its
 *   share from its client's rate-limit buckets (`Charge`); a subscriber whose client is then in
 *   debt gets the refusal as its last event, and its subscription ends.
 * - A topic its last subscriber left is remembered (its state, when it was polled) until its next
 *   poll was due: subscribed to again before then, it goes on from there instead of calling its
 *   upstream again, so subscribing and leaving in a loop polls no faster than the interval.
 */
import { randomUUID } from 'node:crypto';
import type { RedisClient, RedisConnection } from '../base/redis.js';
import { CallBudget } from '../upstreams/budget.js';
import { Cancellation } from '../upstreams/cancellation.js';
import type { CallScope } from '../upstreams/http.js';
import type { Feed, LiveClients, LiveKind } from './feeds.js';

/** A failure as a client sees it: the message and extensions (with `code`) of a GraphQL error. */
export interface LiveError {
  message: string;
  extensions: Record<string, unknown>;
}

/** What a subscriber receives: an event of its feed, or the failure of a poll. */
export type LiveEvent<E> = { data: E; error?: undefined } | { error: LiveError; data?: undefined };

/** Why a subscription was refused: which bound, and its value. */
export interface LiveRefusal {
  bound: 'perClient' | 'total' | 'topics' | 'topicsPerClient';
  limit: number;
}

/**
 * Draws a subscriber's share of a poll (`points`, its calls divided among the topic's subscribers
 * here) from its client's buckets: the refusal to end its subscription with when the client is
 * then in debt.
 */
export type Charge = (points: number) => Promise<LiveError | undefined> | LiveError | undefined;

export interface LiveOptions {
  /** The clients of one poll, sending in `scope`. */
  clients: (scope: CallScope) => LiveClients;
  /** Milliseconds between two polls of a topic, per kind. */
  intervals: Record<LiveKind, number>;
  /** Open subscriptions one client (address) may hold. */
  perClient: number;
  /** Open subscriptions of this instance in all. */
  total: number;
  /** Distinct topics this instance serves at once (each may need a poller here). */
  maxTopics: number;
  /** Topics one client may have opened (been the first subscriber of) that this instance still serves. */
  topicsPerClient?: number;
  /** Upstream calls one poll may make. */
  callBudget: number;
  /** Turns a poll's failure into what clients see (src/graphql/errors.ts, wired by the gateway). */
  describeError: (error: unknown) => LiveError;
  /** Whether a failure will not go away by polling again (the node does not serve the API): the topic then ends after its error event. */
  isFinal?: (error: LiveError) => boolean;
  /** Shares topics between instances when set. */
  redis?: RedisConnection;
  /** How long a lease lasts unless renewed: how long a dead leaseholder's topics wait for another poller. */
  leaseMs?: number;
  /** Logs a poll's failure (rate-limited by the caller). */
  onPollError?: (topic: string, error: unknown) => void;
}

/** What the leaseholder publishes on a topic's channel. */
interface Message {
  events?: unknown[];
  state?: unknown;
  error?: LiveError;
  /** The topic ends after this message: its subscriptions complete. */
  final?: boolean;
  /** The publishing instance: it delivered the message to its own subscribers itself. */
  from?: string;
  /** The upstream calls the poll made: every instance's subscribers share them. */
  calls?: number;
}

/** Events a slow subscriber may have waiting; past that the oldest are dropped. */
const QUEUE_LIMIT = 256;

/** Each after REDIS_KEY_PREFIX, then the topic; each key alone in its commands, so any cluster slot will do. */
const CHANNEL = 'live:events:';
const LEASE = 'live:lease:';
const STATE = 'live:state:';

/** Renews a lease only if this instance still holds it. */
const RENEW = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end`;
/** Gives a lease up only if this instance holds it. */
const RELEASE = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;

class Subscriber {
  private readonly queue: LiveEvent<unknown>[] = [];
  private wake?: (result: IteratorResult<LiveEvent<unknown>>) => void;
  done = false;
  /** Set when the topic ended: the stream completes once the queue is read. */
  private finishing = false;
  /** Whether it has had its feed's current value (feeds of a value that changes). */
  hasCurrent = false;
  /** Whether it left its topic already (cut), its stream still to be read to its end. */
  private left = false;

  constructor(
    private readonly leave: (s: Subscriber) => void,
    readonly charge?: Charge,
  ) {}

  push(event: LiveEvent<unknown>): void {
    if (this.done || this.finishing) return;
    if (this.wake) {
      const wake = this.wake;
      this.wake = undefined;
      wake({ value: event, done: false });
      return;
    }
    if (this.queue.length >= QUEUE_LIMIT) this.queue.shift();
    this.queue.push(event);
  }

  /** Completes the stream once what is queued has been read. */
  finish(): void {
    this.finishing = true;
  }

  /** Ends the subscription with `error` as its last event: it leaves its topic now, and nothing more is sent. */
  cut(error: LiveError): void {
    if (this.done || this.finishing) return;
    this.push({ error });
    this.finish();
    this.left = true;
    this.leave(this);
  }

  end(): void {
    if (this.done) return;
    this.done = true;
    this.queue.length = 0;
    if (!this.left) this.leave(this);
    const wake = this.wake;
    this.wake = undefined;
    wake?.({ value: undefined, done: true });
  }

  iterator<E>(): AsyncIterableIterator<LiveEvent<E>> {
    const self = this;
    const it: AsyncIterableIterator<LiveEvent<unknown>> = {
      next() {
        const queued = self.queue.shift();
        if (queued) return Promise.resolve({ value: queued, done: false });
        if (self.finishing) self.end();
        if (self.done) return Promise.resolve({ value: undefined, done: true });
        return new Promise((resolve) => {
          self.wake = resolve;
        });
      },
      return() {
        self.end();
        return Promise.resolve({ value: undefined, done: true });
      },
      throw(error) {
        self.end();
        return Promise.reject(error);
      },
      [Symbol.asyncIterator]() {
        return it;
      },
    };
    return it as AsyncIterableIterator<LiveEvent<E>>;
  }
}

class Topic {
  readonly subscribers = new Set<Subscriber>();
  /** The feed's state as last delivered here (polled here, or published by the leaseholder). */
  state?: unknown;
  /** The state the poller of this instance goes on from. */
  pollState?: unknown;
  polling = false;
  /** Whether this instance holds the topic's lease in Redis. */
  holding = false;
  /** Whether a lease check (a Redis command) is in flight. */
  checking = false;
  timer?: NodeJS.Timeout;
  leaseTimer?: NodeJS.Timeout;
  cancel?: Cancellation;
  /** Polls made, for stats and tests. */
  polls = 0;
  /** Counts the starts of polling, so a poll from before a restart knows it is stale. */
  generation = 0;
  /** When this instance last called the upstream for it (its start or a poll). */
  polledAt = 0;
  /** Whether a start or poll of it is in flight here: its last subscriber leaving then lets it finish, to be remembered. */
  busy = false;

  constructor(
    readonly feed: Feed,
    /** The client whose subscription opened it: counted against its topics until the topic ends. */
    readonly opener: string,
  ) {}
}

/** A topic its last subscriber left: what it knew, until its next poll was due. */
interface Remembered {
  state: unknown;
  pollState: unknown;
  polledAt: number;
}

export interface LiveStats {
  /** Topics with subscribers on this instance. */
  topics: number;
  /** Topics this instance polls. */
  polling: string[];
  subscribers: number;
  /** Polls made so far (after the start) per topic with subscribers here. */
  polls: Record<string, number>;
}

export class LiveHub {
  private readonly topics = new Map<string, Topic>();
  private readonly byClient = new Map<string, number>();
  /** Topics each client opened that are still served here. */
  private readonly openedBy = new Map<string, number>();
  /** Topics their last subscriber left, by key, until their next poll was due (oldest first). */
  private readonly remembered = new Map<string, Remembered>();
  private open = 0;
  private closed = false;
  private readonly id = randomUUID();
  private readonly leaseMs: number;
  private subscriberConnection?: Promise<RedisClient>;

  constructor(private readonly options: LiveOptions) {
    this.leaseMs = options.leaseMs ?? 10_000;
  }

  /** Whether `client` may open one more subscription, to the topic `key`; the refusal says which bound, if not. */
  admit(client: string, key: string): LiveRefusal | undefined {
    if (this.open >= this.options.total) return { bound: 'total', limit: this.options.total };
    if ((this.byClient.get(client) ?? 0) >= this.options.perClient) return { bound: 'perClient', limit: this.options.perClient };
    // Joining a topic already served costs nothing more; a new one is a new poller.
    if (this.topics.has(key)) return undefined;
    if (this.topics.size >= this.options.maxTopics) return { bound: 'topics', limit: this.options.maxTopics };
    const { topicsPerClient } = this.options;
    if (topicsPerClient !== undefined && (this.openedBy.get(client) ?? 0) >= topicsPerClient)
      return { bound: 'topicsPerClient', limit: topicsPerClient };
    return undefined;
  }

  /**
   * Joins `feed`'s topic (after `admit`): its events until the iterator is returned or the hub
   * closes, or until `charge` (its share of each poll) refuses.
   */
  subscribe<S, E>(feed: Feed<S, E>, client: string, charge?: Charge): AsyncIterableIterator<LiveEvent<E>> {
    if (this.closed) {
      const ended = new Subscriber(() => undefined);
      ended.end();
      return ended.iterator<E>();
    }
    this.open++;
    this.byClient.set(client, (this.byClient.get(client) ?? 0) + 1);
    const existing = this.topics.get(feed.key);
    const topic = existing ?? new Topic(feed as unknown as Feed, client);
    const subscriber = new Subscriber((s) => this.leave(topic, s, client), charge);
    topic.subscribers.add(subscriber);
    if (existing) {
      this.sendCurrent(topic, subscriber);
    } else {
      this.topics.set(feed.key, topic);
      this.openedBy.set(client, (this.openedBy.get(client) ?? 0) + 1);
      this.begin(topic);
    }
    return subscriber.iterator<E>();
  }

  stats(): LiveStats {
    let subscribers = 0;
    for (const topic of this.topics.values()) subscribers += topic.subscribers.size;
    return {
      topics: this.topics.size,
      polling: [...this.topics.values()].filter((t) => t.polling).map((t) => t.feed.key),
      subscribers,
      polls: Object.fromEntries([...this.topics.values()].map((t) => [t.feed.key, t.polls])),
    };
  }

  /** Ends every subscription (their clients see the stream complete), stops polling, gives leases up. */
  async close(): Promise<void> {
    this.closed = true;
    const topics = [...this.topics.values()];
    for (const topic of topics) for (const s of [...topic.subscribers]) s.end();
    await Promise.all(topics.map((t) => this.release(t).catch(() => undefined)));
  }

  // --- topics --------------------------------------------------------------------------------------

  private begin(topic: Topic): void {
    if (!this.options.redis) {
      this.startPolling(topic);
      return;
    }
    // Redis away or refusing: the lease ticks serve the subscribers from here meanwhile.
    this.listen(topic).catch(() => undefined);
    topic.leaseTimer = setInterval(() => void this.leaseTick(topic), Math.max(50, Math.floor(this.leaseMs / 3)));
    topic.leaseTimer.unref();
    void this.leaseTick(topic);
  }

  private leave(topic: Topic, subscriber: Subscriber, client: string): void {
    this.open--;
    const n = (this.byClient.get(client) ?? 1) - 1;
    if (n <= 0) this.byClient.delete(client);
    else this.byClient.set(client, n);
    topic.subscribers.delete(subscriber);
    // A call in flight is let finish (what it finds is remembered then): cancelling it would
    // leave the next subscriber nothing to go on from, and a client subscribing and leaving in
    // a loop would make a call each time.
    if (topic.subscribers.size === 0 && this.topics.get(topic.feed.key) === topic && !topic.busy) {
      this.remember(topic);
      this.drop(topic);
    }
  }

  /** After a call of `topic`'s poller: whether its subscribers all left meanwhile, the topic then remembered and dropped. */
  private orphaned(topic: Topic): boolean {
    if (topic.subscribers.size > 0 || this.topics.get(topic.feed.key) !== topic) return false;
    this.remember(topic);
    this.drop(topic);
    return true;
  }

  /** Takes `topic` out of those served here (its subscribers are gone, or it ended), and stops its poller. */
  private drop(topic: Topic): void {
    this.topics.delete(topic.feed.key);
    const n = (this.openedBy.get(topic.opener) ?? 1) - 1;
    if (n <= 0) this.openedBy.delete(topic.opener);
    else this.openedBy.set(topic.opener, n);
    this.release(topic).catch(() => undefined);
  }

  /** Keeps what a topic its last subscriber left knows, for one who subscribes again before its next poll. */
  private remember(topic: Topic): void {
    if (topic.pollState === undefined || topic.polledAt === 0) return;
    this.remembered.delete(topic.feed.key);
    this.remembered.set(topic.feed.key, { state: topic.state, pollState: topic.pollState, polledAt: topic.polledAt });
    // As many as the topics served: the oldest go first.
    for (const key of this.remembered.keys()) {
      if (this.remembered.size <= this.options.maxTopics) break;
      this.remembered.delete(key);
    }
  }

  /** What a topic of `key` knew, if it was polled less than `interval` ago. */
  private recall(key: string, interval: number): Remembered | undefined {
    const kept = this.remembered.get(key);
    if (!kept) return undefined;
    this.remembered.delete(key);
    return Date.now() - kept.polledAt < interval ? kept : undefined;
  }

  /** Stops polling `topic` here and, with Redis, gives its lease up and stops listening. */
  private async release(topic: Topic): Promise<void> {
    this.stopPolling(topic);
    clearInterval(topic.leaseTimer);
    topic.leaseTimer = undefined;
    const redis = this.options.redis;
    if (!redis) return;
    const client = redis.client;
    if (topic.holding && client) await client.eval(RELEASE, 1, this.name(LEASE, topic.feed.key), this.id).catch(() => undefined);
    topic.holding = false;
    if (this.subscriberConnection) {
      const sub = await this.subscriberConnection;
      // Another subscription may have opened the same topic meanwhile: it listens on the same channel.
      if (!this.topics.has(topic.feed.key)) await sub.unsubscribe(this.name(CHANNEL, topic.feed.key)).catch(() => undefined);
    }
  }

  // --- polling --------------------------------------------------------------------------------------

  private startPolling(topic: Topic): void {
    if (topic.polling || this.closed) return;
    topic.polling = true;
    // A poll still in flight from before a stop must not go on next to this one.
    const generation = ++topic.generation;
    // A topic nobody subscribes to any more (left the map) must not go on polling either.
    const current = () => topic.polling && topic.generation === generation && this.topics.get(topic.feed.key) === topic;
    const interval = this.options.intervals[topic.feed.kind];
    const run = async () => {
      if (!current()) return;
      const cancel = new Cancellation();
      topic.cancel = cancel;
      const budget = new CallBudget(this.options.callBudget);
      const clients = this.options.clients({ signal: cancel, budget });
      let next = interval;
      try {
        if (topic.pollState === undefined) {
          // Go on from what this topic knew when its last subscriber left, if its next poll is
          // not due yet; else resume from the state the cluster kept, else from what this
          // instance's subscribers last had: Redis restarted empty keeps none, and starting
          // afresh would skip the events of the hand-over.
          const kept = this.recall(topic.feed.key, interval);
          let state: unknown;
          if (kept) {
            state = kept.pollState;
            topic.polledAt = kept.polledAt;
            next = Math.max(0, kept.polledAt + interval - Date.now());
          } else {
            state = (await this.sharedState(topic)) ?? topic.state;
            if (state === undefined) {
              topic.polledAt = Date.now();
              topic.busy = true;
              state = await topic.feed.start(clients).finally(() => {
                topic.busy = false;
              });
            }
          }
          if (!current()) return;
          topic.pollState = state;
          if (this.orphaned(topic)) return;
          const final = topic.feed.done?.(state) === true;
          this.publish(topic, { state: kept ? (kept.state ?? state) : state, calls: budget.used, final });
          if (final) return this.stopPolling(topic);
        } else {
          topic.polls++;
          topic.polledAt = Date.now();
          topic.busy = true;
          const { state, events } = await topic.feed.poll(clients, topic.pollState).finally(() => {
            topic.busy = false;
          });
          if (!current()) return;
          const changed = state !== topic.pollState;
          topic.pollState = state;
          if (this.orphaned(topic)) return;
          // A feed that ends (a transaction followed until mined or dropped): its last events, then its subscriptions complete.
          const final = topic.feed.done?.(state) === true;
          if (events.length > 0 || changed || final) this.publish(topic, { events, state, calls: budget.used, final });
          // Nothing to send, but the calls to pay for, on every instance with subscribers.
          else if (budget.used > 0) this.publish(topic, { calls: budget.used });
          if (final) return this.stopPolling(topic);
        }
      } catch (error) {
        if (!current()) return;
        if (this.orphaned(topic)) return;
        this.options.onPollError?.(topic.feed.key, error);
        const described = this.options.describeError(error);
        const final = this.options.isFinal?.(described) ?? false;
        this.publish(topic, { error: described, final, calls: budget.used });
        if (final) {
          this.stopPolling(topic);
          return;
        }
      }
      if (current()) {
        topic.timer = setTimeout(() => void run(), next);
        topic.timer.unref();
      }
    };
    void run();
  }

  private stopPolling(topic: Topic): void {
    topic.polling = false;
    topic.pollState = undefined;
    clearTimeout(topic.timer);
    topic.cancel?.abort(new Error('the last subscriber left'));
    topic.cancel = undefined;
  }

  /** Sends what a poll found: through Redis to every instance listening, or here when Redis is not in use or away. */
  private publish(topic: Topic, message: Message): void {
    const client = this.options.redis?.client;
    if (client && topic.holding) {
      const key = topic.feed.key;
      // A state not kept costs only a resumption from further back.
      if (message.state !== undefined)
        client.set(this.name(STATE, key), JSON.stringify(message.state), 'PX', this.leaseMs * 6).catch(() => undefined);
      // Only the other instances hear it through Redis (ours skips its own): this instance's
      // subscribers never depend on its subscriber connection being subscribed again after
      // Redis restarted. A single gateway lost its streams that way: it published, and its own
      // connection, not yet listening again, heard nothing.
      client.publish(this.name(CHANNEL, key), JSON.stringify({ ...message, from: this.id })).catch(() => undefined);
    }
    this.deliver(topic, message);
  }

  /** Hands a message to this instance's subscribers of the topic. */
  private deliver(topic: Topic, message: Message): void {
    if (message.state !== undefined) topic.state = message.state;
    if (message.final && this.topics.get(topic.feed.key) === topic) {
      // Who subscribes to it from now on starts the topic anew.
      this.drop(topic);
    }
    const current = topic.feed.current;
    for (const s of [...topic.subscribers]) {
      if (message.error) {
        s.push({ error: message.error });
        // What the client has not read yet is still sent; then the stream completes.
        if (message.final) s.finish();
        continue;
      }
      if (current && !s.hasCurrent) {
        // A value that changes: who has not had it yet gets it as it stands now, changes included.
        this.sendCurrent(topic, s);
      } else {
        for (const data of message.events ?? []) s.push({ data });
      }
      if (message.final) s.finish();
    }
    if (message.calls) this.charge(topic, message.calls);
  }

  /** Shares a poll's `calls` among the topic's subscribers here: each one's client pays its share, or its subscription ends. */
  private charge(topic: Topic, calls: number): void {
    if (calls <= 0 || topic.subscribers.size === 0) return;
    const share = calls / topic.subscribers.size;
    for (const s of [...topic.subscribers]) {
      if (!s.charge) continue;
      const refused = s.charge(share);
      if (refused instanceof Promise)
        refused.then(
          (error) => error && s.cut(error),
          () => undefined,
        );
      else if (refused) s.cut(refused);
    }
  }

  private sendCurrent(topic: Topic, s: Subscriber): void {
    const current = topic.feed.current;
    if (!current || s.hasCurrent || topic.state === undefined) return;
    const value = current(topic.state);
    if (value === undefined) return;
    s.hasCurrent = true;
    s.push({ data: value });
  }

  // --- Redis ------------------------------------------------------------------------------------------

  /** A key or channel of `topic`, after REDIS_KEY_PREFIX. */
  private name(kind: string, topic: string): string {
    return `${this.options.redis?.prefix ?? ''}${kind}${topic}`;
  }

  /** The state the last leaseholder kept, to resume from (Redis only). */
  private async sharedState(topic: Topic): Promise<unknown> {
    const client = this.options.redis?.client;
    if (!client || !topic.holding) return undefined;
    const text = await client.get(this.name(STATE, topic.feed.key)).catch(() => null);
    return text ? JSON.parse(text) : undefined;
  }

  private async listen(topic: Topic): Promise<void> {
    const redis = this.options.redis!;
    this.subscriberConnection ??= redis.subscriber().then((sub) => {
      // ioredis subscribes again after a reconnection by itself; saying every channel again on
      // 'ready' costs one command and covers a reconnection that lost track of them.
      sub.on('ready', () => {
        const channels = [...this.topics.keys()].map((key) => this.name(CHANNEL, key));
        if (channels.length > 0) sub.subscribe(...channels).catch(() => undefined);
      });
      sub.on('message', (channel: string, text: string) => {
        const listening = this.topics.get(channel.slice(this.name(CHANNEL, '').length));
        if (!listening) return;
        try {
          const message = JSON.parse(text) as Message;
          if (message.from === this.id) return;
          this.deliver(listening, message);
        } catch {
          // Not a message of ours: nothing to deliver.
        }
      });
      return sub;
    });
    const sub = await this.subscriberConnection;
    await sub.subscribe(this.name(CHANNEL, topic.feed.key)).catch(() => undefined);
    // Who joins a value's feed polled elsewhere gets its current value from the kept state.
    if (topic.feed.current && topic.state === undefined) {
      const text = await redis.client?.get(this.name(STATE, topic.feed.key)).catch(() => null);
      if (text && topic.state === undefined) this.deliver(topic, { state: JSON.parse(text) });
    }
  }

  /** Takes, renews or loses the topic's lease; polls here while holding it, or while Redis is away. */
  private async leaseTick(topic: Topic): Promise<void> {
    // One check at a time: an answer from an earlier SET NX must not be undone by a later one.
    if (topic.checking) return;
    if (!this.live(topic)) return;
    const client = this.options.redis?.client;
    const key = this.name(LEASE, topic.feed.key);
    if (!client) {
      // Redis is away: this instance's subscribers are served from here until it is back.
      topic.holding = false;
      this.startPolling(topic);
      return;
    }
    topic.checking = true;
    try {
      if (topic.holding) {
        const renewed = await client.eval(RENEW, 1, key, this.id, this.leaseMs);
        // Released meanwhile (its last subscriber left): release() gave the lease up.
        if (renewed || !this.live(topic)) return;
        // Lost: it lapsed, or Redis restarted empty. Take it again at once if nobody else has:
        // waiting for the next check would leave the topic unpolled that long.
        topic.holding = false;
      }
      const taken = await client.set(key, this.id, 'PX', this.leaseMs, 'NX');
      if (taken === 'OK') {
        if (!this.live(topic)) {
          // Won by a topic its subscribers have left (maybe replaced by a new one of the same
          // key, which takes the lease at its next check): give it up for whoever polls it next.
          await client.eval(RELEASE, 1, key, this.id);
          return;
        }
        topic.holding = true;
        // Polling here already (Redis was away, or the lease lapsed): go on from this poller's
        // own state, so no event is skipped. Otherwise resume from the state the last
        // leaseholder kept (read in the first poll).
        if (!topic.polling) {
          topic.pollState = undefined;
          this.startPolling(topic);
        }
      } else if (topic.polling && this.live(topic)) {
        // Polled here while Redis was away, or until the lease was lost: another instance holds the topic now.
        this.stopPolling(topic);
      }
    } catch {
      // A command that failed leaves things as they are until the next tick.
    } finally {
      topic.checking = false;
    }
  }

  /** Whether `topic` is still the one its subscribers here are in, its lease still checked. */
  private live(topic: Topic): boolean {
    return !this.closed && this.topics.get(topic.feed.key) === topic && topic.leaseTimer !== undefined;
  }
}
