package org.fabricsim.engine.distributed;

import java.util.Arrays;
import java.util.PriorityQueue;

/**
 * PHOLD, the classic benchmark model of parallel discrete-event simulation, as a test vehicle for the
 * protocol: {@code entities} entities each start with a few events; processing an event at entity e sends
 * one new event to a pseudo-random entity after a latency of 1–3 × {@code baseLatencyPs}. Every choice is
 * a hash of (seed, entity, that entity's send count) and ties break on (source entity, send count), so the
 * event order at each entity, and hence each entity's digest, cannot depend on the partition.
 */
final class Phold {
    private Phold() {
    }

    record Spec(int entities, long seed, long baseLatencyPs, int initialEvents, int failAtEvent) implements ModelSpec {
        @Override
        public LpModel build(int lp, int parts, int[] partOf) {
            return new Model(this, lp, parts, partOf);
        }

        @Override
        public int payloadWords() {
            return 1;
        }

        @Override
        public WireMessage merge(WireMessage[] results) {
            long[] digest = new long[entities];
            long[] count = new long[entities];
            for (WireMessage m : results) {
                Result r = (Result) m;
                for (int e = 0; e < entities; e++) {
                    digest[e] += r.digest()[e];
                    count[e] += r.count()[e];
                }
            }
            return new Result(digest, count);
        }
    }

    record Result(long[] digest, long[] count) implements WireMessage {
        @Override
        public boolean equals(Object o) {
            return o instanceof Result r && Arrays.equals(r.digest, digest) && Arrays.equals(r.count, count);
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(digest);
        }

        long total() {
            return Arrays.stream(count).sum();
        }
    }

    static final class Model implements LpModel {
        private final Spec spec;
        private final int lp;
        private final int[] partOf;
        private final long[] digest;
        private final long[] count;
        private final long[] sent;
        private final boolean[] hasEntities;
        private final PriorityQueue<long[]> queue = new PriorityQueue<>((a, b) ->
                a[0] != b[0] ? Long.compare(a[0], b[0]) : Long.compare(a[1], b[1]));
        private long events;

        Model(Spec spec, int lp, int parts, int[] partOf) {
            this.spec = spec;
            this.lp = lp;
            this.partOf = partOf;
            this.digest = new long[spec.entities()];
            this.count = new long[spec.entities()];
            this.sent = new long[spec.entities()];
            this.hasEntities = new boolean[parts];
            for (int e = 0; e < spec.entities(); e++) {
                hasEntities[partOf[e]] = true;
                if (partOf[e] == lp) {
                    for (int k = 0; k < spec.initialEvents(); k++) {
                        long time = 1 + Math.floorMod(hash(spec.seed(), e, -1 - k), Math.max(1, spec.baseLatencyPs()));
                        queue.add(new long[] {time, tie(e, sent[e]++), e, 0});
                    }
                }
            }
        }

        @Override
        public long nextEventTime() {
            return queue.isEmpty() ? Long.MAX_VALUE : queue.peek()[0];
        }

        @Override
        public void runBefore(long limit, RemoteEvents out) {
            while (!queue.isEmpty() && queue.peek()[0] < limit) {
                long[] ev = queue.poll();
                long time = ev[0];
                int e = (int) ev[2];
                events++;
                if (events == spec.failAtEvent()) {
                    throw new IllegalStateException("injected failure at event " + events);
                }
                count[e]++;
                digest[e] = digest[e] * 31 + time * 7 + ev[1] + ev[3];
                long h = hash(spec.seed(), e, sent[e]);
                int to = (int) Math.floorMod(h, (long) spec.entities());
                long at = time + spec.baseLatencyPs() * (1 + Math.floorMod(h >>> 20, 3L));
                long tie = tie(e, sent[e]++);
                if (partOf[to] == lp) {
                    queue.add(new long[] {at, tie, to, ev[3] + 1});
                } else {
                    int w = out.add(partOf[to], at, tie, to, 0);
                    out.payload(partOf[to])[w] = ev[3] + 1;
                }
            }
        }

        @Override
        public void receive(EventBatch batch, int index) {
            queue.add(new long[] {batch.times()[index], batch.ties()[index], batch.targets()[index], batch.payload(index, 0)});
        }

        @Override
        public long lookahead(int to) {
            return hasEntities[to] && hasEntities[lp] ? spec.baseLatencyPs() : Long.MAX_VALUE;
        }

        @Override
        public long events() {
            return events;
        }

        @Override
        public WireMessage result() {
            return new Result(digest.clone(), count.clone());
        }

        private static long tie(int entity, long sequence) {
            return ((long) entity << 40) | sequence;
        }

        private static long hash(long seed, int entity, long k) {
            long z = seed * 0x9E3779B97F4A7C15L + entity * 0xBF58476D1CE4E5B9L + k * 0x94D049BB133111EBL;
            z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
            z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
            return z ^ (z >>> 31);
        }
    }

    /** The reference: one LP, no protocol. */
    static Result sequential(Spec spec, long endPs) {
        Model m = new Model(spec, 0, 1, new int[spec.entities()]);
        m.runBefore(endPs, new RemoteEvents(1, 1));
        return (Result) m.result();
    }

    /** Entities dealt round-robin to parts. */
    static int[] roundRobin(int entities, int parts) {
        int[] partOf = new int[entities];
        for (int e = 0; e < entities; e++) {
            partOf[e] = e % parts;
        }
        return partOf;
    }
}
