/**
 * Pacing: one request's completion of a large answer shares the event loop with everyone else's.
 *
 * Once the upstream answers are in, graphql-js and graphql-jit complete an answer in one
 * synchronous pass: every item of every list, every field of every item. A query asking thirty
 * aliased pages of a hundred subnets with their chains (1.4 MB of answer, from one cached page)
 * held the process for 150 to 300 ms, and every other client's query, `{ __typename }` included,
 * waited that long. No upstream call is involved, so the call budget does not bound it.
 *
 * A request's `Pacer` counts the list items its fields return (src/graph/pacing.ts wraps every
 * field that returns a list of objects). Past `itemsPerTurn` items in one turn of the event loop,
 * the lists that follow are handed back at the next turn (`setImmediate`, after the I/O other
 * requests wait on), and the count starts again. The answer is the same; it is completed in
 * slices of 500 items (some 5 to 10 ms), with other requests served in between: others'
 * `{ __typename }` waited at most 18 to 30 ms during the query above (bench/mixed-soak.ts), where
 * 1,000 items a turn let it wait up to 55 ms and 300 cost the query itself a fifth more time.
 */
/**
 * The turn of the event loop a request's lists are counted in: it moves on at the next check phase
 * (`setImmediate`) after it was first asked for, once for every request counting in that turn. A
 * request whose lists arrive over many turns (one upstream answer each, as a fan-out's do) pays
 * for each turn's items alone; counted from its first list instead, the nested benchmark query's
 * 662 items (100 subnets, their 200 chains, 34 pages of L1 validators answered over 20 ms) paused
 * it once before its last pages for no other request's sake.
 */
let turn = 0;
let turnEnds = false;

function endTurn(): void {
  turn++;
  turnEnds = false;
}

function thisTurn(): number {
  if (!turnEnds) {
    turnEnds = true;
    setImmediate(endTurn);
  }
  return turn;
}

export class Pacer {
  private spent = 0;
  /** The turn `spent` counts. */
  private turn = -1;
  /** While set, this request has used its turn: every list waits for the next one. */
  private next?: Promise<void>;

  constructor(private readonly itemsPerTurn: number) {}

  /** `list` at once, or at the next turn of the event loop once this turn's items are spent. */
  pass<T>(list: T, items: number): T | Promise<T> {
    if (this.next) return this.next.then(() => this.pass(list, items));
    const now = thisTurn();
    if (now !== this.turn) {
      this.turn = now;
      this.spent = 0;
    }
    this.spent += items;
    if (this.spent <= this.itemsPerTurn) return list;
    this.next = new Promise((resolve) =>
      setImmediate(() => {
        this.next = undefined;
        // The list that spent the turn is the first of the next one.
        this.turn = thisTurn();
        this.spent = items;
        resolve();
      }),
    );
    return this.next.then(() => list);
  }
}
