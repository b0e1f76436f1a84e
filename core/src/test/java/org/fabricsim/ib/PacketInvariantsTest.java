package org.fabricsim.ib;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.fabricsim.engine.EventQueue;
import org.fabricsim.engine.Time;
import org.fabricsim.ib.run.PacketSimulation;
import org.fabricsim.random.Seeds;
import org.fabricsim.routing.ForwardingTables;
import org.fabricsim.routing.Routings;
import org.fabricsim.topology.Topologies;
import org.fabricsim.topology.Topology;
import org.fabricsim.traffic.FlowSchedule;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Conservation and determinism of the packet model under every switch configuration: bytes injected =
 * delivered + in flight, credit loops balanced at every checkpoint (so credits are never negative nor above
 * the buffer), no packet lost, every sized flow completed; and the same inputs give the same event sequence
 * whatever the event queue implementation (DESIGN.md lesson 9) or other simulations in the JVM.
 */
public class PacketInvariantsTest {
    static final Topology TOPOLOGY = Topologies.resolve("xgft(2;4,8;1,4)", 0, 0, null);
    static final ForwardingTables TABLES = Routings.compute("auto", TOPOLOGY, null);

    static List<Arguments> configurations() {
        List<Arguments> out = new ArrayList<>();
        PacketParams base = PacketParams.defaults().withBuffers(8 * 1024, 8 * 1024);
        for (Queueing q : Queueing.values()) {
            for (Arbitration a : Arbitration.values()) {
                for (int speedup : new int[] {1, 2, 0}) {
                    out.add(Arguments.of(base.withSwitch(q, speedup, a)));
                }
            }
        }
        out.add(Arguments.of(base.withVirtualLanes(2, VlArbitration.ROUND_ROBIN)));
        out.add(Arguments.of(base.withVirtualLanes(4, new VlArbitration(new int[] {3}, new int[] {4},
                new int[] {0, 1, 2}, new int[] {8, 4, 2}, 4096))));
        out.add(Arguments.of(base.withCreditUnit(1).withHcaRates(30_000_000_000L, 25_000_000_000L)));
        return out;
    }

    /** Three random permutations in sequence (seed 001 §V-C), 20 KiB per destination; some flows rate-limited. */
    public static FlowSchedule traffic(long seed) {
        FlowSchedule s = FlowSchedule.permutationSequence(trafficPermutations(seed), 20 * 1024 + 77);
        for (int f = 0; f < s.size(); f += 5) {
            s.rateBps()[f] = 5_000_000_000L;
        }
        return s;
    }

    /** The three random permutations of {@link #traffic}. */
    static int[][] trafficPermutations(long seed) {
        int hosts = TOPOLOGY.hostCount();
        int[][] perms = new int[3][];
        for (int k = 0; k < 3; k++) {
            SplittableRandom r = Seeds.stream(seed, k, 0, Seeds.Purpose.TRAFFIC);
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
        return perms;
    }

    static int[] lanes(FlowSchedule s, int vls) {
        int[] vl = new int[s.size()];
        for (int f = 0; f < vl.length; f++) {
            vl[f] = f % vls;
        }
        return vl;
    }

    static final class Counting extends RateProbe {
        int completions;

        Counting(int flows, int overhead) {
            super(flows, overhead);
        }

        @Override
        public void flowCompleted(long timePs, int flow) {
            super.flowCompleted(timePs, flow);
            completions++;
        }
    }

    @ParameterizedTest
    @MethodSource("configurations")
    void bytesAndCreditsAreConservedAndEveryFlowCompletes(PacketParams params) {
        FlowSchedule s = traffic(3);
        Counting probe = new Counting(s.size(), params.overheadBytes());
        PacketSimulation sim = PacketSimulation.builder(TOPOLOGY, TABLES, s).params(params)
                .flowLanes(lanes(s, params.virtualLanes())).observer(probe).build();
        long t = 0;
        while (sim.deliveredBytes() < 3L * TOPOLOGY.hostCount() * (20 * 1024 + 77) && t < 10 * Time.MS) {
            t += 3 * Time.US + 17;
            sim.runUntil(t);
            assertNull(sim.creditViolation(), "at " + t + " ps");
            assertEquals(sim.injectedPackets(), sim.deliveredPackets() + sim.packetsInFlight(), "packets at " + t);
            assertTrue(sim.deliveredBytes() <= sim.injectedBytes());
        }
        sim.runUntil(t + Time.MS);
        int flows = s.size();
        for (int f = 0; f < flows; f++) {
            assertEquals(s.bytes()[f], sim.sentBytes(f), "flow " + f + " sent");
            assertEquals(s.bytes()[f], sim.deliveredBytes(f), "flow " + f + " delivered");
            assertTrue(probe.completedPs(f) > 0);
        }
        assertEquals(flows, probe.completions, "each flow completes exactly once");
        assertEquals(sim.injectedBytes(), sim.deliveredBytes());
        assertEquals(0, sim.packetsInFlight(), "no packet lost or stuck");
        assertNull(sim.creditViolation());
    }

    static long digest(String queue, long seed) {
        FlowSchedule s = traffic(seed);
        PacketParams p = PacketParams.defaults().withVirtualLanes(2, VlArbitration.ROUND_ROBIN)
                .withSwitch(Queueing.FIFO, 1, Arbitration.FCFS);
        PacketSimulation sim = PacketSimulation.builder(TOPOLOGY, TABLES, s).params(p).flowLanes(lanes(s, 2))
                .queue(queue).build();
        sim.runUntil(200 * Time.US);
        return sim.eventDigest() ^ sim.events() * 31;
    }

    @ParameterizedTest
    @MethodSource("queues")
    void sameInputsGiveTheSameEventSequenceWhateverTheQueue(String queue) {
        long reference = digest("heap4", 5);
        assertEquals(reference, digest(queue, 5));
        assertNotEquals(reference, digest(queue, 6), "another seed, another traffic, another sequence");
    }

    static List<String> queues() {
        return EventQueue.kinds();
    }

    @ParameterizedTest
    @MethodSource("queues")
    void simulationsInOneJvmDoNotInterfere(String queue) {
        FlowSchedule s = traffic(5);
        PacketSimulation a = PacketSimulation.builder(TOPOLOGY, TABLES, s).queue(queue).build();
        PacketSimulation b = PacketSimulation.builder(TOPOLOGY, TABLES, s).queue(queue).build();
        PacketSimulation alone = PacketSimulation.builder(TOPOLOGY, TABLES, s).queue(queue).build();
        for (long t = Time.US; t <= 100 * Time.US; t += Time.US) {
            a.runUntil(t);
            b.runUntil(t);
        }
        alone.runUntil(100 * Time.US);
        assertEquals(alone.eventDigest(), a.eventDigest());
        assertEquals(alone.eventDigest(), b.eventDigest());
    }
}
