package org.fabricsim.topology;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.fabricsim.InputException;
import org.junit.jupiter.api.Test;

class TopologyBuilderTest {
    private static final long BW = 10_000_000_000L;
    private static final long LAT = 10_000;

    private static String error(Runnable r) {
        return assertThrows(InputException.class, r::run).getMessage();
    }

    @Test
    void hostsAreNumberedFirstAndLevelsFollowDistance() {
        TopologyBuilder b = new TopologyBuilder("x");
        int spine = b.addSwitch("spine");
        int leaf = b.addSwitch("leaf");
        int h = b.addHost("h");
        int h2 = b.addHost("h2");
        b.connect(h, 0, leaf, 0, BW, LAT).connect(h2, 0, leaf, 1, BW, LAT).connect(leaf, 2, spine, 0, BW, LAT);
        Topology t = b.build();
        assertEquals(0, t.node("h"));
        assertEquals(1, t.node("h2"));
        assertEquals(1, t.level(t.node("leaf")));
        assertEquals(2, t.level(t.node("spine")));
        assertEquals(t.node("leaf"), t.leafOf(0));
        assertEquals(3, t.cableCount());
    }

    @Test
    void portUsedTwice() {
        TopologyBuilder b = new TopologyBuilder("x");
        int s = b.addSwitch("s");
        int a = b.addHost("a");
        int c = b.addHost("c");
        b.connect(a, 0, s, 0, BW, LAT);
        String msg = error(() -> b.connect(c, 0, s, 0, BW, LAT));
        assertTrue(msg.contains("port 0 of s is used twice"), msg);
    }

    @Test
    void selfLinkDuplicateNameAndBadValues() {
        TopologyBuilder b = new TopologyBuilder("x");
        int s = b.addSwitch("s");
        assertTrue(error(() -> b.connect(s, 0, s, 1, BW, LAT)).contains("itself"));
        assertTrue(error(() -> b.addHost("s")).contains("declared twice"));
        int h = b.addHost("h");
        assertTrue(error(() -> b.connect(h, 0, s, 0, 0, LAT)).contains("bandwidth"));
        assertTrue(error(() -> b.connect(h, 0, s, 0, BW, 0)).contains("latency"));
    }

    @Test
    void hostsNeedExactlyOnePortZero() {
        TopologyBuilder b = new TopologyBuilder("x");
        int s = b.addSwitch("s");
        b.addHost("lonely");
        assertTrue(error(b::build).contains("host lonely has no link"));

        TopologyBuilder b2 = new TopologyBuilder("x");
        int s2 = b2.addSwitch("s");
        int h = b2.addHost("h");
        b2.connect(h, 1, s2, 0, BW, LAT);
        assertTrue(error(b2::build).contains("must be port 0"));
        assertEquals(0, s);
    }

    @Test
    void disconnectedGraphIsNamed() {
        TopologyBuilder b = new TopologyBuilder("x");
        int s1 = b.addSwitch("s1");
        int s2 = b.addSwitch("s2");
        int a = b.addHost("a");
        int c = b.addHost("c");
        b.connect(a, 0, s1, 0, BW, LAT).connect(c, 0, s2, 0, BW, LAT);
        String msg = error(b::build);
        assertTrue(msg.contains("not connected"), msg);
        assertTrue(msg.contains("c cannot reach a"), msg);
    }
}
