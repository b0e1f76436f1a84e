package org.fabricsim.ib.run;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.fabricsim.engine.Time;
import org.fabricsim.ib.PacketParams;
import org.fabricsim.routing.ForwardingTables;
import org.fabricsim.routing.Routings;
import org.fabricsim.routing.TableCheck;
import org.fabricsim.topology.Topologies;
import org.fabricsim.topology.Topology;
import org.fabricsim.traffic.FlowSchedule;
import org.fabricsim.traffic.FlowSet;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Issue 34 item 1: a credit-loop deadlock is let happen and found. Five switches in a ring, a host each, shift-2
 * traffic: under min-hop routing every flow turns the same way round the ring, whose links then form a channel
 * dependency cycle ({@code topology --check}: "MAY DEADLOCK"); with 4 KiB buffers (one 2179 B packet each) the
 * first packets fill them and wait for each other's credits for ever. Routing {@code updown} breaks the cycle.
 */
class DeadlockTest {
    /** The ring the demo also shows (conf/topologies/ring5.topo). */
    static final Path RING5 = Path.of(System.getProperty("fabricsim.repoRoot"), "conf", "topologies", "ring5.topo");
    static final long END = 200 * Time.US;

    private static Topology ring;

    @BeforeAll
    static void ring() {
        ring = Topologies.resolve(RING5.toString(), 0, 0, null);
    }

    private static PacketSimulation simulation(String routing, FlowSchedule schedule) {
        ForwardingTables lft = Routings.compute(routing, ring, null);
        PacketParams params = PacketParams.defaults().withBuffers(4096, 32 * 1024);
        return PacketSimulation.builder(ring, lft, schedule).params(params).build();
    }

    private static FlowSet shift2() {
        int[] src = new int[5];
        int[] dst = new int[5];
        for (int h = 0; h < 5; h++) {
            src[h] = h;
            dst[h] = (h + 2) % 5;
        }
        return FlowSet.of(src, dst);
    }

    @Test
    void minHopOnTheRingDeadlocksOnTheCycleTopologyCheckReports() {
        PacketSimulation sim = simulation("minhop", FlowSchedule.always(shift2()));
        sim.runUntil(END);
        Deadlock d = sim.deadlock();
        assertNotNull(d, "deadlocked");
        assertEquals(10, d.packets(), "two packets per flow injected, none delivered");
        assertEquals(10, sim.packetsInFlight());
        assertEquals(0, sim.deliveredPackets());
        assertEquals(0, sim.pendingEvents(), "nothing left to happen");
        assertTrue(d.timePs() > 0 && d.timePs() < 2 * Time.US, "the last packet moved early: " + d.timePs());
        assertEquals("s0/1 -> s1/2 -> s2/2 -> s3/2 -> s4/2 -> s0/1", d.describe(ring));
        // the very cycle of directed links the routing check finds (up to where it starts)
        List<int[]> cycles = TableCheck.run(Routings.compute("minhop", ring, null), 1).cycles();
        assertTrue(cycles.stream().anyMatch(c -> rotated(c).equals(rotated(d.cycle()))),
                "the wait-for cycle is a channel dependency cycle of the routing");
        assertNull(sim.creditViolation(), "credits are held, not lost");
    }

    @Test
    void upDownOnTheSameRingRunsToTheEnd() {
        PacketSimulation sim = simulation("updown", FlowSchedule.always(shift2()));
        assertTrue(TableCheck.run(Routings.compute("updown", ring, null), 1).cycles().isEmpty(), "deadlock-free");
        for (long t = 20 * Time.US; t <= END; t += 20 * Time.US) {
            sim.runUntil(t);
            assertNull(sim.deadlock(), "at " + t + " ps");
        }
        assertTrue(sim.deliveredPackets() > 500, "traffic flows: " + sim.deliveredPackets());
    }

    @Test
    void aDrainedIdleNetworkIsNotADeadlock() {
        PacketSimulation sim = simulation("updown", FlowSchedule.sized(shift2(), 16 * 1024));
        sim.runUntil(END);
        assertEquals(0, sim.packetsInFlight(), "every flow delivered");
        assertEquals(0, sim.pendingEvents(), "the queue has run dry");
        assertNull(sim.deadlock(), "idle, not deadlocked");
    }

    @Test
    void theCycleDoesNotDependOnTheOrderOfTheEdges() {
        // a cycle 7 -> 3 -> 9 -> 7 with a tail 1 -> 7 and a dead end 9 -> 12
        long[] edges = {edge(1, 7), edge(7, 3), edge(3, 9), edge(9, 7), edge(9, 12)};
        List<Long> shuffled = new ArrayList<>();
        for (long e : edges) {
            shuffled.add(e);
        }
        for (int seed = 0; seed < 5; seed++) {
            Collections.shuffle(shuffled, new Random(seed));
            long[] order = shuffled.stream().mapToLong(Long::longValue).toArray();
            assertArrayEquals(new int[] {3, 9, 7}, Deadlock.cycle(order), "from the least vertex, in path order");
        }
        assertArrayEquals(new int[0], Deadlock.cycle(new long[] {edge(1, 2), edge(2, 3)}), "no cycle");
        assertNull(Deadlock.of(1, 10, 5, 1, edges), "a packet or credit still to move: no deadlock");
        assertNull(Deadlock.of(0, 0, 5, 1, edges), "nothing held: idle");
    }

    private static long edge(int from, int to) {
        return (long) from << 32 | to;
    }

    /** A cycle as a list started at its least element. */
    private static List<Integer> rotated(int[] cycle) {
        int least = 0;
        for (int i = 1; i < cycle.length; i++) {
            least = cycle[i] < cycle[least] ? i : least;
        }
        List<Integer> r = new ArrayList<>();
        for (int i = 0; i < cycle.length; i++) {
            r.add(cycle[(least + i) % cycle.length]);
        }
        return r;
    }
}
