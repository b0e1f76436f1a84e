package org.fabricsim.ib.circuits;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.BitSet;
import java.util.SplittableRandom;
import org.fabricsim.engine.Time;
import org.fabricsim.ib.Arbitration;
import org.fabricsim.ib.PacketInvariantsTest;
import org.fabricsim.ib.PacketObserver;
import org.fabricsim.ib.PacketParams;
import org.fabricsim.ib.PartitionedRunTest;
import org.fabricsim.ib.Queueing;
import org.fabricsim.ib.ar.EarRoutingTest;
import org.fabricsim.ib.run.PacketSimulation;
import org.fabricsim.routing.adaptive.AdaptiveRouter;
import org.fabricsim.topology.Topology;
import org.fabricsim.traffic.FlowSchedule;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Seed 003 §3's flow virtual circuits at the packet level: set-up packets routed by the fluid level's port
 * selector, data on the cached route, acknowledgement and tear-down. What the model must do: deliver every
 * flow in order under any load (Theorem 3.1.1), send no data before the set-up is back, leave no route
 * behind, count on every link exactly the circuits whose data crosses it, and stay identical partitioned.
 */
class CircuitRoutingTest {
    static final Topology CLOS = EarRoutingTest.CLOS;

    static CircuitMechanisms circuits() {
        return new CircuitMechanisms(CircuitParams.DEFAULTS, 9);
    }

    /** Out-of-order arrivals, per-link flows, first injections. */
    static final class Watch implements PacketObserver {
        final int[] highest;
        final long[] firstInjected;
        final BitSet[] flowsOnPort = new BitSet[CLOS.portCount()];
        long outOfOrder;
        long delivered;

        Watch(int flows) {
            highest = new int[flows];
            Arrays.fill(highest, -1);
            firstInjected = new long[flows];
            Arrays.fill(firstInjected, Long.MAX_VALUE);
            for (int p = 0; p < flowsOnPort.length; p++) {
                flowsOnPort[p] = new BitSet();
            }
        }

        @Override
        public void transmitted(long timePs, int globalPort, int vl, int flow, int bytes) {
            flowsOnPort[globalPort].set(flow);
        }

        @Override
        public void delivered(long timePs, int flow, int dstHost, int bytes, long injectedPs, int seq) {
            delivered++;
            if (seq < highest[flow]) {
                outOfOrder++;
            }
            highest[flow] = Math.max(highest[flow], seq);
            firstInjected[flow] = Math.min(firstInjected[flow], injectedPs);
        }

        @Override
        public void bufferOccupancy(long timePs, int globalPort, int vl, int bytes) {
        }

        @Override
        public void flowCompleted(long timePs, int flow) {
        }
    }

    @ParameterizedTest
    @EnumSource(Queueing.class)
    void everyFlowArrivesInOrderUnderFullLoadAndNoRouteIsLeftBehind(Queueing q) {
        FlowSchedule s = EarRoutingTest.sequence(40_000_000_000L);
        Watch w = new Watch(s.size());
        CircuitMechanisms m = circuits();
        PacketSimulation sim = PacketSimulation.builder(CLOS, EarRoutingTest.TABLES, s)
                .params(EarRoutingTest.params().withSwitch(q, 1, Arbitration.ROUND_ROBIN)).observer(w).mechanisms(m)
                .build();
        sim.runUntil(3 * Time.MS);
        assertEquals(0, sim.pendingEvents(), "every flow, acknowledgement and tear-down done");
        assertTrue(w.delivered > 10_000, "packets delivered: " + w.delivered);
        assertEquals(0, w.outOfOrder, "Theorem 3.1.1: in order within every connection");
        for (int f = 0; f < s.size(); f++) {
            assertEquals(s.bytes()[f], sim.deliveredBytes(f), "flow " + f);
        }
        assertNull(sim.creditViolation());
        assertEquals(0, sim.controlInFlight());
        AdaptiveRouter router = m.lastRouting().router();
        for (int p = 0; p < CLOS.portCount(); p++) {
            assertEquals(0, router.flowCount(p), "port " + p + ": every tear-down uncounted its flow");
            assertEquals(0, router.cacheEntries(p), "port " + p + ": every tear-down erased its entry");
        }
    }

    @Test
    void theCountersHoldExactlyTheCircuitsWhoseDataCrossesEachLink() {
        // one permutation's worth of endless flows: every circuit stays up
        int hosts = CLOS.hostCount();
        int[] perm = new int[hosts];
        SplittableRandom r = new SplittableRandom(5);
        for (int i = 0; i < hosts; i++) {
            perm[i] = i;
        }
        for (int i = hosts - 1; i > 0; i--) {
            int j = r.nextInt(i + 1);
            int x = perm[i];
            perm[i] = perm[j];
            perm[j] = x;
        }
        FlowSchedule s = FlowSchedule.always(org.fabricsim.traffic.FlowSet.of(
                java.util.stream.IntStream.range(0, hosts).filter(h -> perm[h] != h).toArray(),
                java.util.stream.IntStream.range(0, hosts).filter(h -> perm[h] != h).map(h -> perm[h]).toArray()));
        Watch w = new Watch(s.size());
        CircuitMechanisms m = circuits();
        PacketSimulation sim = PacketSimulation.builder(CLOS, EarRoutingTest.TABLES, s)
                .params(EarRoutingTest.params()).observer(w).mechanisms(m).build();
        sim.runUntil(200 * Time.US);
        AdaptiveRouter router = m.lastRouting().router();
        for (int f = 0; f < s.size(); f++) {
            assertTrue(w.firstInjected[f] != Long.MAX_VALUE, "flow " + f + " sends after its set-up");
            // data waits for its set-up's round trip: at least 2 x 2 cables and 2 x 2 switch crossings
            long least = 4 * CLOS.latencyPs(CLOS.hostPort(0)) + 2 * EarRoutingTest.params().switchLatencyPs();
            assertTrue(w.firstInjected[f] >= least, "flow " + f + " first packet at " + w.firstInjected[f]);
        }
        for (int p = 0; p < CLOS.portCount(); p++) {
            if (!CLOS.isConnected(p) || CLOS.isHost(CLOS.owner(p))) {
                continue; // host links: the HCA's own, not a switch's selector
            }
            assertEquals(w.flowsOnPort[p].cardinality(), router.flowCount(p), "port " + p);
        }
        assertEquals(0, w.outOfOrder);
    }

    @ParameterizedTest
    @ValueSource(ints = {2, 3})
    void partitionedRunsObserveWhatTheSequentialRunObserves(int parts) {
        FlowSchedule s = PacketInvariantsTest.traffic(11);
        PacketParams p = PacketParams.defaults().withBuffers(8 * 1024, 8 * 1024)
                .withSwitch(parts == 2 ? Queueing.FIFO : Queueing.VOQ, 1, Arbitration.ROUND_ROBIN);
        int[] partOf = new int[PartitionedRunTest.TOPOLOGY.nodeCount()];
        SplittableRandom random = new SplittableRandom(parts * 13L);
        for (int v = 0; v < partOf.length; v++) {
            partOf[v] = random.nextInt(parts);
        }
        PartitionedRunTest.Trace seq = PartitionedRunTest.sequential(p, s, circuits());
        PartitionedRunTest.Trace par = PartitionedRunTest.partitioned(p, s, partOf, parts, circuits());
        assertEquals(seq.calls, par.calls);
        assertArrayEquals(seq.port, par.port, "per-port transmissions (data and control) and occupancies");
        assertArrayEquals(seq.host, par.host, "per-host deliveries");
        assertArrayEquals(seq.completed, par.completed, "completion times");
    }
}
