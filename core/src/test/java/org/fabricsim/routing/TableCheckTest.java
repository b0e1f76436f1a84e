package org.fabricsim.routing;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.fabricsim.topology.Topology;
import org.fabricsim.topology.TopologyBuilder;
import org.junit.jupiter.api.Test;

/** The checker against hand-made tables on a ring of three switches, one host each (h_i on sw_i port 0). */
class TableCheckTest {
    /** sw_i port 1 → sw_(i+1) port 2 (clockwise), port 2 ← anticlockwise. */
    static Topology ring() {
        TopologyBuilder b = new TopologyBuilder("ring3");
        for (int i = 0; i < 3; i++) {
            b.addHost("h" + i);
        }
        for (int i = 0; i < 3; i++) {
            b.addSwitch("sw" + i);
        }
        for (int i = 0; i < 3; i++) {
            b.connect(b.find("h" + i), 0, b.find("sw" + i), 0, 10_000_000_000L, 10_000);
            b.connect(b.find("sw" + i), 1, b.find("sw" + (i + 1) % 3), 2, 10_000_000_000L, 10_000);
        }
        return b.build();
    }

    /** Every switch sends its own host to port 0 and everything else clockwise. */
    static short[] clockwise(Topology t) {
        short[] table = ForwardingTables.emptyTable(t);
        for (int s = 0; s < 3; s++) {
            for (int d = 0; d < 3; d++) {
                table[s * 3 + d] = (short) (s == d ? 0 : 1);
            }
        }
        return table;
    }

    @Test
    void clockwiseRoutesHaveACycleAndAreNotMinimal() {
        Topology t = ring();
        TableCheck.Report r = TableCheck.run(new ForwardingTables(t, "hand", clockwise(t)), 1);
        assertTrue(r.complete());
        assertEquals(6, r.routes());
        assertEquals(1, r.cycles().size());
        int[] cycle = r.cycles().get(0);
        assertEquals(3, cycle.length);
        for (int link : cycle) {
            assertEquals(1, t.localPort(link)); // the three clockwise cables
        }
        assertEquals(-1, r.layers());
        assertFalse(r.deadlockFree());
        // h_i -> h_(i+2) goes around: 4 links where the anticlockwise cable gives 3
        assertEquals(3, r.nonMinimal().size());
        TableCheck.NonMinimal first = r.nonMinimal().get(0);
        assertEquals(4, first.links());
        assertEquals(3, first.shortest());
        assertEquals((first.src() + 2) % 3, first.dst());
        assertFalse(r.clean());
    }

    /** Any two destinations' routes are acyclic together, all three are not: two lanes suffice. */
    @Test
    void twoVirtualLanesLayerTheCycleAway() {
        Topology t = ring();
        TableCheck.Report r = TableCheck.run(new ForwardingTables(t, "hand", clockwise(t)), 2);
        assertEquals(1, r.cycles().size());
        assertEquals(2, r.layers());
        assertTrue(r.deadlockFree());
    }

    @Test
    void missingEntryIsListedAndItsRoutesLeftOut() {
        Topology t = ring();
        short[] table = clockwise(t);
        table[1 * 3 + 0] = -1; // sw1 has no entry for h0
        TableCheck.Report r = TableCheck.run(new ForwardingTables(t, "hand", table), 1);
        assertFalse(r.complete());
        assertEquals(1, r.missing().size());
        assertEquals(t.findNode("sw1"), r.missing().get(0).sw());
        assertArrayEquals(new int[] {0}, r.missing().get(0).hosts());
        assertEquals(1, r.brokenRoutes()); // h1 -> h0 starts at sw1; h2 -> h0 goes sw2 -> sw0
        assertTrue(r.loops().isEmpty());
    }

    @Test
    void loopIsReported() {
        Topology t = ring();
        short[] table = clockwise(t);
        table[1 * 3 + 2] = 2; // sw1 sends h2 back to sw0, which sends it clockwise to sw1
        TableCheck.Report r = TableCheck.run(new ForwardingTables(t, "hand", table), 1);
        assertEquals(1, r.loops().size());
        assertEquals(2, r.loops().get(0).host());
        assertFalse(r.complete());
        assertEquals(2, r.brokenRoutes()); // h0 -> h2 and h1 -> h2
    }

    /** Anticlockwise for the far host: minimal everywhere, and the ring's three-cable cycle is gone. */
    @Test
    void shortestTablesAreClean() {
        Topology t = ring();
        short[] table = clockwise(t);
        for (int s = 0; s < 3; s++) {
            table[s * 3 + (s + 2) % 3] = 2;
        }
        TableCheck.Report r = TableCheck.run(new ForwardingTables(t, "hand", table), 1);
        assertTrue(r.clean(), () -> r.toString());
        assertEquals(0, r.layers());
    }
}
