package org.fabricsim.engine.distributed;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayDeque;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The global bound ({@link GlobalBound}) beside the null messages, for any number of LPs, driven by a
 * schedule that delivers every message late and in random interleavings (FIFO per channel, as Pekko keeps
 * between two actors): batches between LPs, idle hints, requests, reports and floors. Whatever the schedule,
 * the merged result equals the sequential run's (a floor too high lets an LP run past an event still to come,
 * which shows as a different digest or as an event before a promise).
 */
class GlobalBoundTest {
    /** All the messages of a run in flight: data channels i -> j, and each LP's channels to and from the coordinator. */
    private static final class Network {
        final int parts;
        final ConservativeLp[] lps;
        final ArrayDeque<EventBatch>[][] data;
        final ArrayDeque<WireMessage>[] toCoordinator;
        final ArrayDeque<WireMessage>[] fromCoordinator;
        final GlobalBound bound;
        final boolean[] idleSent;
        long steps;
        long floorsApplied;

        @SuppressWarnings("unchecked")
        Network(ConservativeLp[] lps, boolean global) {
            this.parts = lps.length;
            this.lps = lps;
            this.data = new ArrayDeque[parts][parts];
            this.toCoordinator = new ArrayDeque[parts];
            this.fromCoordinator = new ArrayDeque[parts];
            for (int i = 0; i < parts; i++) {
                toCoordinator[i] = new ArrayDeque<>();
                fromCoordinator[i] = new ArrayDeque<>();
                for (int j = 0; j < parts; j++) {
                    data[i][j] = new ArrayDeque<>();
                }
            }
            this.bound = global ? new GlobalBound(parts) : null;
            this.idleSent = new boolean[parts];
        }

        /** What the actor does after each message: a step, its batches sent, an idle hint whenever blocked (more
         * often than the actor, which waits for a long idle stretch: more waves to check). */
        void advance(int k) {
            for (EventBatch b : lps[k].step()) {
                data[k][b.to()].add(b);
            }
            steps++;
            if (bound != null && !lps[k].hasSafeWork() && !lps[k].done() && !idleSent[k]) {
                idleSent[k] = true;
                toCoordinator[k].add(new Messages.Idle(1, k));
            }
        }

        void coordinatorTakes(WireMessage m) {
            if (m instanceof Messages.Idle) {
                request(bound.onIdle());
            } else if (m instanceof Messages.BoundReport r) {
                GlobalBound.Outcome o = bound.onReport(r);
                if (o != null) {
                    for (int i = 0; i < parts; i++) {
                        fromCoordinator[i].add(new Messages.BoundFloor(1, r.wave(), o.floors()[i]));
                    }
                    request(o.nextWave());
                }
            }
        }

        private void request(long wave) {
            if (wave > 0) {
                for (int i = 0; i < parts; i++) {
                    fromCoordinator[i].add(bound.request(1, i));
                }
            }
        }

        void lpTakes(int k, WireMessage m) {
            if (m instanceof Messages.BoundRequest q) {
                idleSent[k] = false;
                toCoordinator[k].add(lps[k].report(q.wave(), q.since()));
            } else if (m instanceof Messages.BoundFloor f) {
                lps[k].raiseFloor(f.floorPs());
                floorsApplied++;
                advance(k);
            }
        }

        boolean finished() {
            for (int i = 0; i < parts; i++) {
                if (!lps[i].done() || !toCoordinator[i].isEmpty() || !fromCoordinator[i].isEmpty()) {
                    return false;
                }
                for (int j = 0; j < parts; j++) {
                    if (!data[i][j].isEmpty()) {
                        return false;
                    }
                }
            }
            return true;
        }

        /** One random action: a batch delivered, a coordinator message delivered, or a step at a random moment. */
        void act(SplittableRandom r) {
            int k = r.nextInt(parts);
            switch (r.nextInt(4)) {
                case 0 -> {
                    int from = r.nextInt(parts);
                    if (!data[from][k].isEmpty()) {
                        lps[k].receive(data[from][k].poll());
                        advance(k);
                    }
                }
                case 1 -> {
                    if (bound != null && !toCoordinator[k].isEmpty()) {
                        coordinatorTakes(toCoordinator[k].poll());
                    }
                }
                case 2 -> {
                    if (!fromCoordinator[k].isEmpty()) {
                        lpTakes(k, fromCoordinator[k].poll());
                    }
                }
                default -> advance(k);
            }
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {3, 4, 8, 16})
    void manyLpsCrossAnIdleStretchInAFewExchangesNotOneLookaheadAtATime(int parts) {
        long end = 2_000_000;
        long[] rounds = new long[2];
        for (int g = 0; g < 2; g++) {
            ConservativeLp[] lps = new ConservativeLp[parts];
            for (int i = 0; i < parts; i++) {
                lps[i] = new ConservativeLp(1, i, parts, new RingToken(i, parts), 1, end, ConservativeLp.MAX_BATCH_EVENTS,
                        g == 1);
            }
            Network net = new Network(lps, g == 1);
            // rounds: every LP takes what reached it and steps; the coordinator and the LPs exchange one hop
            while (!net.finished()) {
                for (int k = 0; k < parts; k++) {
                    for (int from = 0; from < parts; from++) {
                        while (!net.data[from][k].isEmpty()) {
                            lps[k].receive(net.data[from][k].poll());
                        }
                    }
                    net.advance(k);
                }
                for (int k = 0; k < parts; k++) {
                    while (g == 1 && !net.toCoordinator[k].isEmpty()) {
                        net.coordinatorTakes(net.toCoordinator[k].poll());
                    }
                }
                for (int k = 0; k < parts; k++) {
                    while (!net.fromCoordinator[k].isEmpty()) {
                        net.lpTakes(k, net.fromCoordinator[k].poll());
                    }
                }
                rounds[g]++;
                assertTrue(rounds[g] < 100_000, parts + " LPs: no progress");
            }
            long events = 0;
            for (ConservativeLp lp : lps) {
                events += lp.model().events();
            }
            assertEquals(20, events, "the token hops every 100 000 ps");
        }
        // null messages alone cross the 100 000 ps between hops 1 000 ps per round: 2 000 rounds or more
        assertTrue(rounds[0] >= 1_000, parts + " LPs without the bound: " + rounds[0] + " rounds");
        assertTrue(rounds[1] <= 10 * 20, parts + " LPs with the bound: " + rounds[1] + " rounds for 20 hops");
    }

    private static ConservativeLp[] lps(Phold.Spec spec, int parts, long end, int batch, boolean global) {
        int[] partOf = Phold.roundRobin(spec.entities(), parts);
        ConservativeLp[] lps = new ConservativeLp[parts];
        for (int i = 0; i < parts; i++) {
            lps[i] = new ConservativeLp(1, i, parts, spec.build(i, parts, partOf), 1, end, batch, global);
        }
        return lps;
    }

    @ParameterizedTest
    @ValueSource(ints = {2, 3, 4, 8, 16})
    void anyNumberOfLpsUnderRandomSchedulesEqualTheSequentialRun(int parts) {
        int runs = parts >= 8 ? 8 : 16;
        long floors = 0;
        for (int seed = 1; seed <= runs; seed++) {
            // sparse (long idle spells between events) and dense runs, and some with every step's sends split
            Phold.Spec spec = new Phold.Spec(seed % 2 == 0 ? parts + 2 : 4 * parts, seed, 1_000 + 37L * seed,
                    1 + seed % 3, -1);
            long end = 300_000;
            // two LPs have their own exact bound (ConservativeLp); the global one is for three or more
            Network net = new Network(lps(spec, parts, end, seed % 3 == 0 ? 3 : ConservativeLp.MAX_BATCH_EVENTS,
                    parts > 2), parts > 2);
            SplittableRandom r = new SplittableRandom(seed * 31L + parts);
            while (!net.finished()) {
                net.act(r);
                assertTrue(net.steps < 5_000_000, parts + " LPs, seed " + seed + ": no progress");
            }
            WireMessage[] results = new WireMessage[parts];
            for (int i = 0; i < parts; i++) {
                results[i] = net.lps[i].model().result();
            }
            assertEquals(Phold.sequential(spec, end), spec.merge(results), parts + " LPs, seed " + seed);
            floors += net.floorsApplied;
        }
        assertTrue(parts == 2 || floors > 0, "floors were applied: " + floors);
    }
}
