// The files of prom-client that ./prom-client-core.ts reads; prom-client declares types for its entry only.
declare module 'prom-client/lib/registry.js' {
  import { Registry } from 'prom-client';
  export default Registry;
}
declare module 'prom-client/lib/gauge.js' {
  import { Gauge } from 'prom-client';
  export default Gauge;
}
declare module 'prom-client/lib/defaultMetrics.js' {
  import { collectDefaultMetrics } from 'prom-client';
  export default collectDefaultMetrics;
}
declare module 'prom-client/lib/cluster.js' {
  import { AggregatorRegistry } from 'prom-client';
  export default AggregatorRegistry;
}
