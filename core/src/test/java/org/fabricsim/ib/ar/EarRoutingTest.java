package org.fabricsim.ib.ar;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.fabricsim.engine.Time;
import org.fabricsim.ib.Arbitration;
import org.fabricsim.ib.PacketInvariantsTest;
import org.fabricsim.ib.PacketObserver;
import org.fabricsim.ib.PacketParams;
import org.fabricsim.ib.PartitionedRunTest;
import org.fabricsim.ib.Queueing;
import org.fabricsim.ib.run.AdaptiveRouting;
import org.fabricsim.ib.run.Mechanisms;
import org.fabricsim.ib.run.PacketSimulation;
import org.fabricsim.random.Seeds;
import org.fabricsim.routing.ForwardingTables;
import org.fabricsim.routing.Routings;
import org.fabricsim.topology.Topologies;
import org.fabricsim.topology.Topology;
import org.fabricsim.traffic.FlowSchedule;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Seed 001 §IV's adaptive routing at the packet level (Algorithms 1 and 2) on a small rearrangeably
 * non-blocking folded Clos, XGFT(2;8,16;1,8) — 16 leaves of 8 hosts, 8 spines, 40 Gbps — under seed 001
 * §V-C's traffic (each host sends 256 KiB to each destination of a sequence of random permutations).
 * What the model must do: move only leaves' up-going ports, and only when asked or congested; converge
 * below half the link rate and keep adapting above it (seed 001 Figs 10, 11); never lose, duplicate or
 * lengthen data; stay identical when partitioned.
 */
public class EarRoutingTest {
    public static final Topology CLOS = Topologies.resolve("xgft(2;8,16;1,8)", 40_000_000_000L, 0, null);
    public static final ForwardingTables TABLES = Routings.compute("dmodk", CLOS, null);
    static final int PERMUTATIONS = 3;
    static final long MESSAGE = 256 * 1024;

    public static FlowSchedule sequence(long rateBps) {
        int hosts = CLOS.hostCount();
        int[][] perms = new int[PERMUTATIONS][];
        SplittableRandom r = Seeds.stream(7, 0, Seeds.Purpose.TRAFFIC);
        for (int k = 0; k < PERMUTATIONS; k++) {
            int[] p = new int[hosts];
            for (int i = 0; i < hosts; i++) {
                p[i] = i;
            }
            for (int i = hosts - 1; i > 0; i--) {
                int j = r.nextInt(i + 1);
                int x = p[i];
                p[i] = p[j];
                p[j] = x;
            }
            perms[k] = p;
        }
        FlowSchedule s = FlowSchedule.permutationSequence(perms, MESSAGE);
        Arrays.fill(s.rateBps(), rateBps);
        return s;
    }

    public static PacketParams params() {
        return PacketParams.defaults().withMtu(2048, 26);
    }

    /** What a run shows: adaptations per permutation, the last one's time, each permutation's first injection. */
    static final class Watch implements PacketObserver {
        final int[] permutationOf;
        final long[] adaptations = new long[PERMUTATIONS];
        final long[] lastAdaptationPs = new long[PERMUTATIONS];
        final long[] firstInjectionPs = new long[PERMUTATIONS];
        String misplaced;

        Watch(FlowSchedule s) {
            permutationOf = new int[s.size()];
            for (int f = 0; f < s.size(); f++) {
                int k = 0;
                for (int g = s.after()[f]; g >= 0; g = s.after()[g]) {
                    k++;
                }
                permutationOf[f] = k;
            }
            Arrays.fill(firstInjectionPs, Long.MAX_VALUE);
        }

        @Override
        public void transmitted(long timePs, int globalPort, int vl, int flow, int bytes) {
        }

        @Override
        public void delivered(long timePs, int flow, int dstHost, int bytes, long injectedPs, int seq) {
            int k = permutationOf[flow];
            firstInjectionPs[k] = Math.min(firstInjectionPs[k], injectedPs);
        }

        @Override
        public void bufferOccupancy(long timePs, int globalPort, int vl, int bytes) {
        }

        @Override
        public void flowCompleted(long timePs, int flow) {
        }

        @Override
        public void adapted(long timePs, int switchNode, int flow, int fromPort, int toPort) {
            int k = permutationOf[flow];
            adaptations[k]++;
            lastAdaptationPs[k] = Math.max(lastAdaptationPs[k], timePs);
            boolean leaf = CLOS.level(switchNode) == 1;
            boolean ups = CLOS.level(CLOS.peerNode(fromPort)) == 2 && CLOS.level(CLOS.peerNode(toPort)) == 2;
            if (!leaf || !ups || CLOS.owner(fromPort) != switchNode || CLOS.owner(toPort) != switchNode
                    || fromPort == toPort) {
                misplaced = "switch " + switchNode + " moved " + fromPort + " -> " + toPort;
            }
        }

        long convergencePs(int k) {
            return lastAdaptationPs[k] - firstInjectionPs[k];
        }
    }

    static PacketSimulation run(FlowSchedule s, AdaptiveRouting routing, PacketObserver o, long endPs) {
        PacketSimulation sim = PacketSimulation.builder(CLOS, TABLES, s).params(params()).adaptiveRouting(routing)
                .observer(o).seed(3).build();
        sim.runUntil(endPs);
        return sim;
    }

    static AdaptiveRouting ear() {
        return new AdaptiveRouting(AdaptiveRouting.Mode.EAR, ArGrouping.TREE,
                ArSelection.ROUND_ROBIN, EarParams.DEFAULTS);
    }

    @Test
    void belowHalfTheLinkItConvergesWithinEachPermutationAboveItKeepsAdapting() {
        long half = 19_200_000_000L; // seed 001 Fig 10(c): 19.2 Gbps flows on 40 Gbps links
        FlowSchedule slow = sequence(half);
        Watch calm = new Watch(slow);
        run(slow, ear(), calm, 2 * Time.MS);
        FlowSchedule fast = sequence(40_000_000_000L);
        Watch busy = new Watch(fast);
        run(fast, ear(), busy, 2 * Time.MS);
        assertNull(calm.misplaced, "only leaves move, and only between up-going ports");
        assertNull(busy.misplaced, "only leaves move, and only between up-going ports");
        long period = MESSAGE * 8 * Time.S / half; // 109 us per permutation at 19.2 Gbps
        for (int k = 0; k < PERMUTATIONS; k++) {
            assertTrue(calm.adaptations[k] > 0, "permutation " + k + " starts with contention");
            // seed 001 §V-C: "all permutations converge in less than 80 us"; ours within 80 % of the period
            assertTrue(calm.convergencePs(k) < period * 8 / 10, "permutation " + k + " converged after "
                    + calm.convergencePs(k) / 1e6 + " us of " + period / 1e6);
            // at the full link rate it never settles (Fig 10(a)/(b)): many more moves per permutation
            assertTrue(busy.adaptations[k] > 5 * calm.adaptations[k], "permutation " + k + ": " + busy.adaptations[k]
                    + " adaptations at 40 Gbps against " + calm.adaptations[k] + " at 19.2 Gbps");
        }
    }

    @ParameterizedTest
    @ValueSource(longs = {19_200_000_000L, 40_000_000_000L})
    void dataArrivesWholeAndCreditsBalance(long rateBps) {
        FlowSchedule s = sequence(rateBps);
        PacketSimulation adaptive = run(s, ear(), PacketObserver.NONE, 2 * Time.MS);
        assertEquals(0, adaptive.pendingEvents(), "the run drained");
        assertNull(adaptive.creditViolation());
        assertEquals(0, adaptive.packetsInFlight());
        assertEquals(0, adaptive.controlInFlight());
        for (int f = 0; f < s.size(); f++) {
            assertEquals(s.bytes()[f], adaptive.deliveredBytes(f), "flow " + f);
        }
        assertTrue(adaptive.controlHops() > 0, "middles sent adaptation requests");
    }

    @Test
    void packetHopsAreTheStaticOnesAndRequestsAreCountedApart() {
        FlowSchedule s = sequence(40_000_000_000L);
        PacketSimulation a = PacketSimulation.builder(CLOS, TABLES, s).params(params()).build();
        PacketSimulation b = PacketSimulation.builder(CLOS, TABLES, s).params(params()).adaptiveRouting(ear())
                .seed(3).build();
        long hopsStatic = a.runUntil(2 * Time.MS).packetHops();
        long hopsEar = b.runUntil(2 * Time.MS).packetHops();
        // every minimal route of a 2-level tree has the same length: moving a flow changes no hop count
        assertEquals(hopsStatic, hopsEar, "same data hops; requests are control hops");
        assertTrue(b.controlHops() > 100, "requests: " + b.controlHops());
    }

    @Test
    void theSameSeedGivesTheSameRunAndAnotherSeedAnotherOne() {
        FlowSchedule s = sequence(40_000_000_000L);
        long[] digests = new long[3];
        for (int i = 0; i < 3; i++) {
            PacketSimulation sim = PacketSimulation.builder(CLOS, TABLES, s).params(params()).adaptiveRouting(ear())
                    .seed(i < 2 ? 3 : 4).build();
            sim.runUntil(300 * Time.US);
            digests[i] = sim.eventDigest();
        }
        assertEquals(digests[0], digests[1]);
        assertTrue(digests[0] != digests[2], "the switches' streams derive from the seed");
    }

    @ParameterizedTest
    @ValueSource(ints = {2, 3})
    void partitionedRunsObserveWhatTheSequentialRunObserves(int parts) {
        FlowSchedule s = PacketInvariantsTest.traffic(11);
        Arrays.fill(s.rateBps(), 0); // full load: congestion, adaptations and requests everywhere
        PacketParams p = PacketParams.defaults().withBuffers(8 * 1024, 8 * 1024)
                .withSwitch(parts == 2 ? Queueing.FIFO : Queueing.VOQ, 1, Arbitration.ROUND_ROBIN);
        // three parts: the QCN-like detector, whose samples live with each output's switch
        AdaptiveRouting r = new AdaptiveRouting(AdaptiveRouting.Mode.EAR, ArGrouping.TREE,
                ArSelection.ROUND_ROBIN, new EarParams(2048, 2_000_000, 0.5, 8, true, parts == 3 ? 2 : 0));
        int[] partOf = new int[PartitionedRunTest.TOPOLOGY.nodeCount()];
        SplittableRandom random = new SplittableRandom(parts * 31L);
        for (int v = 0; v < partOf.length; v++) {
            partOf[v] = random.nextInt(parts);
        }
        PartitionedRunTest.Trace seq = PartitionedRunTest.sequential(p, s, Mechanisms.routing(r, 5));
        PartitionedRunTest.Trace par = PartitionedRunTest.partitioned(p, s, partOf, parts, Mechanisms.routing(r, 5));
        assertTrue(seq.adaptations > 10, "the run adapts: " + seq.adaptations);
        assertEquals(seq.calls, par.calls);
        assertArrayEquals(seq.port, par.port, "per-port transmissions (data and requests) and occupancies");
        assertArrayEquals(seq.host, par.host, "per-host deliveries");
        assertArrayEquals(seq.completed, par.completed, "completion times");
    }

    @Test
    void aQcnLikeDetectorAlsoMovesOnQueuesThatGrowBelowTheThreshold() {
        // seed 001 §IV names QCN: (Q - Qeq) + w (Q - Qold) > 0 counts a growing queue before it reaches Qeq.
        // At a fifth of the link whole packets rarely queue up to the 8 KiB level, but they do grow
        long fifth = 8_000_000_000L;
        FlowSchedule s = sequence(fifth);
        Watch level = new Watch(s);
        run(s, ear(), level, 2 * Time.MS);
        Watch qcn = new Watch(s);
        run(s, new AdaptiveRouting(AdaptiveRouting.Mode.EAR, ArGrouping.TREE, ArSelection.ROUND_ROBIN,
                new EarParams(8 * 1024, 10_000_000L, 1.0, 8, true, 2)), qcn, 2 * Time.MS);
        long a = Arrays.stream(level.adaptations).sum();
        long b = Arrays.stream(qcn.adaptations).sum();
        assertTrue(b > a, "QCN-like: " + b + " adaptations, the 8 KiB level: " + a);
        assertNull(qcn.misplaced, "only leaves move, and only between up-going ports");
    }
}
