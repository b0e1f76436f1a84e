package org.fabricsim.topology;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class PresetsTest {
    private static Topology preset(String name) {
        return Presets.find(name).build();
    }

    @Test
    void everyPresetBuilds() {
        for (Presets.Preset p : Presets.all()) {
            Topology t = p.build();
            assertEquals(p.name(), t.name());
            assertTrue(t.hostCount() > 0);
        }
    }

    @Test
    void paperSizes() {
        assertEquals(648, preset("tree648").hostCount());
        assertEquals(54, preset("tree648").switchCount());
        assertEquals(4096, preset("tree4096").hostCount());
        assertEquals(768, preset("tree4096").switchCount());
        assertEquals(1152, preset("xgft1152-rnb").hostCount());
        assertEquals(48 + 24, preset("xgft1152-rnb").switchCount());
        assertEquals(48 + 48, preset("xgft1152-snb").switchCount());
        assertEquals(6, preset("c1").hostCount());
        assertEquals(8, preset("c1").cableCount());
        assertEquals(12, preset("c2").hostCount());
        assertEquals(20, preset("c2").cableCount());
        assertEquals(7, preset("testbed7").hostCount());
        assertEquals(8, preset("fig1-1").hostCount());
    }

    @Test
    void testbedInterSwitchLinkIsTwiceTheHostLink() {
        Topology t = preset("testbed7");
        int s1 = t.node("S1");
        int s2 = t.node("S2");
        int link = t.port(s1, 3);
        assertEquals(s2, t.peerNode(link));
        assertEquals(2 * t.bandwidthBps(t.hostPort(0)), t.bandwidthBps(link));
        for (String h : new String[] {"H1", "H2", "H3"}) {
            assertEquals(s1, t.leafOf(t.node(h)));
        }
        for (String h : new String[] {"H4", "H5", "H6", "H7"}) {
            assertEquals(s2, t.leafOf(t.node(h)));
        }
        // a bandwidth override scales the whole preset
        Topology fast = Presets.find("testbed7").build(LinkParams.gbps(40, 10));
        assertEquals(80_000_000_000L, fast.bandwidthBps(fast.port(fast.node("S1"), 3)));
    }

    @Test
    void c2LeavesHoldThePapersHosts() {
        Topology t = preset("c2");
        assertEquals(t.leafOf(t.node("n4")), t.leafOf(t.node("n5")));
        assertEquals(t.leafOf(t.node("n4")), t.leafOf(t.node("n13")));
        assertEquals(t.node("sw7"), t.leafOf(t.node("n4")));
        assertEquals(t.node("sw8"), t.leafOf(t.node("n1")));
        assertEquals(t.node("sw14"), t.leafOf(t.node("n39")));
        assertEquals(t.leafOf(t.node("n31")), t.leafOf(t.node("n28")));
        assertNotNull(t.fatTree().orElse(null));
    }

    @Test
    void fig11HasOneInterSwitchLink() {
        Topology t = preset("fig1-1");
        int sw1 = t.node("sw1");
        int sw2 = t.node("sw2");
        int between = 0;
        for (int p = 0; p < t.ports(sw1); p++) {
            if (t.peerNode(t.port(sw1, p)) == sw2) {
                between++;
            }
        }
        assertEquals(1, between);
        assertEquals(sw2, t.leafOf(t.node("d1")));
        assertEquals(sw1, t.leafOf(t.node("s4")));
    }
}
